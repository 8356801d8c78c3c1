// The study's unblinded team on the Randomization tab: every member with whether they see arms in a
// blinded study. Administrators grant or take it back with a reason (audited); others read the list.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { trpc } from '@/lib/trpc';
import { useCan } from '@/lib/auth';
import { serverError, type ServerError } from '@/lib/server-error';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { FormField } from '@/components/form-field';
import { WriteErrorNotice } from '@/components/write-error-notice';

export function UnblindedTeamCard({ studyId }: { studyId: number }) {
  const { t } = useTranslation('randomization');
  const isAdmin = useCan('randomization.team.grant');
  const utils = trpc.useUtils();
  const team = trpc.randomization.team.useQuery({ studyId });
  const [reason, setReason] = useState('');
  const [error, setError] = useState<ServerError | null>(null);
  const set = trpc.randomization.setUnblinded.useMutation({
    onSuccess: async () => {
      setReason('');
      await Promise.all([utils.randomization.team.invalidate({ studyId }), utils.randomization.allocations.invalidate({ studyId })]);
    },
    onError: (e) => setError(serverError(e)),
  });
  return (
    <Card data-testid="unblinded-team">
      <CardHeader>
        <CardTitle>{t('team.title')}</CardTitle>
        <CardDescription>{t(isAdmin ? 'team.helpAdmin' : 'team.help')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {team.isPending ? (
          <Skeleton className="h-24" />
        ) : team.error ? (
          <WriteErrorNotice error={serverError(team.error)} />
        ) : (
          <>
            {isAdmin && (
              <FormField id="unblinded-reason" label={t('team.reason')} hint={t('team.reasonHint')}>
                <Input value={reason} onChange={(e) => setReason(e.target.value)} />
              </FormField>
            )}
            <ul className="grid gap-1 text-sm">
              {team.data.map((m) => (
                <li key={m.userId} className="flex items-center justify-between gap-2">
                  <span>
                    {m.fullName} <span className="text-muted-foreground">· {m.role}</span>
                  </span>
                  <label className="flex items-center gap-1.5">
                    <input
                      type="checkbox"
                      checked={m.unblinded}
                      disabled={!isAdmin || set.isPending || reason.trim().length < 3}
                      onChange={(e) => {
                        setError(null);
                        set.mutate({ studyId, userId: m.userId, unblinded: e.target.checked, reason });
                      }}
                    />
                    {t('team.unblinded')}
                  </label>
                </li>
              ))}
            </ul>
            <WriteErrorNotice error={error} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
