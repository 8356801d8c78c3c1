// The review steps a role may take on one submitted entry: Verify / Unverify (data.verify), Freeze /
// Unfreeze, Lock, and Unlock with a reason (data.lock). Drafts are reviewed once submitted. Verify and
// Lock on an entry with open queries ask first: the queries listed, acknowledged, and a reason.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Lock, LockOpen, ShieldCheck, ShieldOff, Snowflake, Sun } from 'lucide-react';
import { useCan } from '@/lib/auth';
import { serverError } from '@/lib/server-error';
import { Button } from '@/components/ui/button';
import { ReasonDialog } from './reason-dialog';
import { useReview, type ReviewAction } from './use-review';
import type { CasebookEntry } from './types';

const ICONS = { verify: ShieldCheck, unverify: ShieldOff, freeze: Snowflake, unfreeze: Sun, lock: Lock, unlock: LockOpen };

export function ReviewActions({ entry }: { entry: CasebookEntry }) {
  const { t } = useTranslation('casebook');
  const canVerify = useCan('data.verify');
  const canLock = useCan('data.lock');
  const [unlocking, setUnlocking] = useState(false);
  const [confirming, setConfirming] = useState<'verify' | 'lock' | null>(null);
  const review = useReview();
  const unlock = useReview(() => setUnlocking(false), true);
  const confirm = useReview(() => setConfirming(null), true);
  if (entry.status === 'draft') return null;

  const actions: ReviewAction[] = [];
  if (canVerify) actions.push(entry.sdvAt ? 'unverify' : 'verify');
  if (canLock && !entry.lockedAt) actions.push(entry.frozenAt ? 'unfreeze' : 'freeze', 'lock');
  const run = (action: ReviewAction, reason?: string, acknowledgeOpenQueries?: true) => ({
    submissionId: entry.id,
    version: entry.version,
    action,
    reason,
    acknowledgeOpenQueries,
  });
  const asks = (a: ReviewAction): a is 'verify' | 'lock' => (a === 'verify' || a === 'lock') && entry.openQueries > 0;
  const button = (action: ReviewAction, onClick?: () => void) => {
    const Icon = ICONS[action];
    return (
      <Button key={action} type="button" variant="outline" size="sm" disabled={review.isPending} onClick={onClick} data-action={action}>
        <Icon aria-hidden /> {t(`review.${action}`)}
      </Button>
    );
  };
  return (
    <div className="flex flex-wrap justify-end gap-1">
      {actions.map((a) =>
        asks(a) ? (
          <ReasonDialog
            key={a}
            id={`${a}-reason-${entry.id}`}
            trigger={button(a)}
            title={t(`openQueries.${a}Title`, { form: entry.formName })}
            description={t(`openQueries.${a}Text`)}
            submitLabel={t(`review.${a}`)}
            pending={confirm.isPending}
            error={confirm.error ? serverError(confirm.error) : null}
            open={confirming === a}
            onOpenChange={(o) => {
              confirm.reset();
              setConfirming(o ? a : null);
            }}
            openQueries={{ submissionId: entry.id }}
            onSubmit={(reason, ack) => confirm.mutate(run(a, reason, ack))}
          />
        ) : (
          button(a, () => review.mutate(run(a)))
        ),
      )}
      {canLock && entry.lockedAt && (
        <ReasonDialog
          id={`unlock-reason-${entry.id}`}
          trigger={button('unlock')}
          title={t('unlock.title', { form: entry.formName })}
          description={t('unlock.description')}
          submitLabel={t('review.unlock')}
          pending={unlock.isPending}
          error={unlock.error ? serverError(unlock.error) : null}
          open={unlocking}
          onOpenChange={(o) => {
            unlock.reset();
            setUnlocking(o);
          }}
          onSubmit={(reason) => unlock.mutate(run('unlock', reason))}
        />
      )}
    </div>
  );
}
