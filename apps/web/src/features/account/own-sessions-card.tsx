// Where the user is signed in; any other session can be ended from here.
import { useTranslation } from 'react-i18next';
import { trpc } from '@/lib/trpc';
import { formatDateTime } from '@/lib/format';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

export function OwnSessionsCard() {
  const { t } = useTranslation('account');
  const utils = trpc.useUtils();
  const sessions = trpc.auth.mySessions.useQuery();
  const revoke = trpc.auth.revokeSession.useMutation({ onSuccess: () => utils.auth.mySessions.invalidate() });
  return (
    <Card>
      <CardHeader><CardTitle className="text-base">{t('sessions.title')}</CardTitle></CardHeader>
      <CardContent className="grid gap-2 text-sm">
        {sessions.data?.map((s) => (
          <div key={s.id} className="flex flex-wrap items-center justify-between gap-2 rounded border border-border p-2" data-testid="own-session">
            <div>
              <div>{t('sessions.since', { time: formatDateTime(s.createdAt) })} · {t('sessions.lastSeen', { time: formatDateTime(s.lastSeenAt) })}</div>
              <div className="truncate text-xs text-muted-foreground">{s.clientIp ?? '—'} · {s.userAgent ?? '—'}</div>
            </div>
            {s.current ? (
              <span className="text-xs font-medium text-primary">{t('sessions.current')}</span>
            ) : (
              <Button size="sm" variant="outline" disabled={revoke.isPending} onClick={() => revoke.mutate({ id: s.id })}>{t('sessions.end')}</Button>
            )}
          </div>
        ))}
      </CardContent>
    </Card>
  );
}
