// The production scheme's state and going live: status, content hash, the sealed list's size and
// hash (its content is never shown here), and the Go live button with its reason.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { trpc } from '@/lib/trpc';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { FormField } from '@/components/form-field';
import { toast } from '@/components/ui/use-toast';
import { formatDateTime } from '@/lib/format';
import { serverError } from '@/lib/server-error';
import { translateValidation } from '@/lib/validation-messages';
import type { RandomizationData } from './use-randomization';

export function GoLiveCard({ studyId, scheme }: { studyId: number; scheme: NonNullable<RandomizationData['production']> }) {
  const { t } = useTranslation('randomization');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const utils = trpc.useUtils();
  const goLive = trpc.randomization.goLive.useMutation({
    onSuccess: async () => {
      setReason('');
      setProblem(null);
      toast({ title: t('live.done') });
      await utils.randomization.invalidate();
    },
    onError: (error) => setProblem(serverError(error).message),
  });
  const status = scheme.lockedAt ? 'locked' : scheme.status;
  return (
    <section className="grid gap-3 rounded-md border border-border p-4" aria-label={t('live.title')} data-testid="rz-live">
      <div className="flex items-center gap-2">
        <h3 className="font-medium">{t('live.title')}</h3>
        <Badge tone={status === 'draft' ? 'neutral' : 'success'} data-testid="rz-status">
          {t(`status.${status}`)}
        </Badge>
      </div>
      <p className="text-xs text-muted-foreground">
        {t('live.contentHash')} <span className="font-mono">{scheme.contentHash}</span>
      </p>
      {scheme.liveAt && <p className="text-sm">{t('live.since', { at: formatDateTime(scheme.liveAt) })}</p>}
      {scheme.list && (
        <p className="text-sm" data-testid="rz-list">
          {t('live.list', { count: scheme.list.strata, entries: scheme.list.entriesPerStratum })} <span className="font-mono text-xs">{scheme.listHash}</span>
        </p>
      )}
      {scheme.status === 'draft' && (
        <form
          className="grid gap-3"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            goLive.mutate({ studyId, version: scheme.version, reason });
          }}
        >
          <p className="text-sm">{t('live.help')}</p>
          <FormField id="rz-live-reason" label={t('form.reason')}>
            <Input value={reason} onChange={(e) => setReason(e.target.value)} />
          </FormField>
          {problem && (
            <p role="alert" className="text-sm text-destructive">
              {translateValidation(t, problem)}
            </p>
          )}
          <div>
            <Button type="submit" disabled={goLive.isPending}>
              {t('live.goLive')}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
