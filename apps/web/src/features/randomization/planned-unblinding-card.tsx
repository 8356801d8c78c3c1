// Planned unblinding of the whole study after database lock (issue 30 item 5), for administrators: one
// requests it with a reason, another approves it with the password; the requester cannot approve. The
// server answers whether the database is locked and who may do what.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { trpc } from '@/lib/trpc';
import { formatDateTime } from '@/lib/format';
import { serverError, type ServerError } from '@/lib/server-error';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Button } from '@/components/ui/button';
import { Input, Textarea } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { FormField } from '@/components/form-field';
import { WriteErrorNotice } from '@/components/write-error-notice';

export function PlannedUnblindingCard({ studyId }: { studyId: number }) {
  const { t } = useTranslation('randomization');
  const utils = trpc.useUtils();
  const status = trpc.randomization.plannedUnblinding.useQuery({ studyId });
  const [reason, setReason] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<ServerError | null>(null);
  const done = async () => {
    setError(null);
    setPassword('');
    await utils.randomization.invalidate();
  };
  const request = trpc.randomization.requestUnblinding.useMutation({ onSuccess: done, onError: (e) => setError(serverError(e)) });
  const approve = trpc.randomization.approveUnblinding.useMutation({ onSuccess: done, onError: (e) => setError(serverError(e)) });
  if (status.isPending) return <Skeleton className="h-24" />;
  if (status.error || !status.data.blinded) return null;
  const s = status.data;
  const fieldError = (f: string) => error?.fieldErrors[f]?.[0];
  return (
    <Card data-testid="planned-unblinding">
      <CardHeader>
        <CardTitle>{t('planned.title')}</CardTitle>
        <CardDescription>{t('planned.help')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <p data-testid="planned-lock">{s.databaseLocked ? t('planned.locked') : t('planned.notLocked')}</p>
        {s.request && (
          <div className="grid gap-1" data-testid="planned-request">
            <p>{t('planned.requested', { name: s.request.requestedBy, at: formatDateTime(s.request.requestedAt) })}: {s.request.reason}</p>
            {s.request.approvedAt ? (
              <p className="font-medium" data-testid="planned-approved">
                {t('planned.approved', { name: s.request.approvedBy, at: formatDateTime(s.request.approvedAt) })}
              </p>
            ) : (
              <p className="text-muted-foreground">{s.canApprove ? t('planned.awaitingYou') : t('planned.awaiting')}</p>
            )}
          </div>
        )}
        {s.canRequest && (
          <form
            noValidate
            className="grid gap-3"
            onSubmit={(e) => {
              e.preventDefault();
              request.mutate({ studyId, reason });
            }}
          >
            <FormField id="planned-reason" label={t('unblind.reason')} error={fieldError('reason')}>
              <Textarea value={reason} onChange={(e) => setReason(e.target.value)} rows={2} />
            </FormField>
            <div>
              <Button type="submit" disabled={request.isPending} data-testid="planned-request-submit">
                {t('planned.request')}
              </Button>
            </div>
          </form>
        )}
        {s.canApprove && (
          <form
            noValidate
            className="grid gap-3"
            onSubmit={(e) => {
              e.preventDefault();
              approve.mutate({ studyId, password, code: code.trim() || undefined });
            }}
          >
            <FormField id="planned-password" label={t('unblind.password')} error={fieldError('password')}>
              <Input type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
            </FormField>
            <FormField id="planned-code" label={t('unblind.code')} hint={t('unblind.codeHint')} error={fieldError('code')}>
              <Input inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} />
            </FormField>
            <div>
              <Button type="submit" variant="destructive" disabled={approve.isPending} data-testid="planned-approve-submit">
                {t('planned.approve')}
              </Button>
            </div>
          </form>
        )}
        <WriteErrorNotice error={error && !Object.keys(error.fieldErrors).length ? error : null} />
      </CardContent>
    </Card>
  );
}
