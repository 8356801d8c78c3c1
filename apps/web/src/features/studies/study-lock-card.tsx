// Database lock at study end (data managers): every submitted form entry of the study is locked, with
// the reason in the audit trail. Entries are unlocked one at a time from a casebook, with a reason. The
// study's open queries are listed first and must be acknowledged (the audit reason then names them).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Lock } from 'lucide-react';
import { trpc } from '@/lib/trpc';
import { useCan } from '@/lib/auth';
import { serverError } from '@/lib/server-error';
import { toast } from '@/components/ui/use-toast';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ReasonDialog } from '@/features/casebook/reason-dialog';

export function StudyLockCard({ studyId }: { studyId: number }) {
  const { t } = useTranslation('studies');
  const canLock = useCan('data.lock');
  const [asking, setAsking] = useState(false);
  const utils = trpc.useUtils();
  const lock = trpc.casebook.lockStudy.useMutation({
    onSuccess: (r) => {
      setAsking(false);
      toast({ title: t('lock.done'), description: t('lock.doneText', { count: r.locked }) });
      void utils.casebook.invalidate();
    },
  });
  if (!canLock) return null;
  return (
    <Card data-testid="study-lock">
      <CardHeader>
        <CardTitle>{t('lock.title')}</CardTitle>
        <CardDescription>{t('lock.text')}</CardDescription>
      </CardHeader>
      <CardContent>
        <ReasonDialog
          id="study-lock-reason"
          trigger={
            <Button variant="outline" disabled={lock.isPending}>
              <Lock aria-hidden /> {t('lock.button')}
            </Button>
          }
          title={t('lock.title')}
          description={t('lock.text')}
          submitLabel={t('lock.button')}
          pending={lock.isPending}
          error={lock.error ? serverError(lock.error) : null}
          open={asking}
          onOpenChange={(o) => {
            lock.reset();
            setAsking(o);
          }}
          openQueries={{ studyId }}
          onSubmit={(reason, acknowledgeOpenQueries) => lock.mutate({ studyId, reason, acknowledgeOpenQueries })}
        />
      </CardContent>
    </Card>
  );
}
