// /admin/users/:id (administrators): one account: its facts, the actions its state allows, active
// sessions, study memberships, API tokens and the audit history of the account.
import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ArrowLeft } from 'lucide-react';
import { trpc, type RouterOutputs } from '@/lib/trpc';
import { useCan } from '@/lib/auth';
import { formatDateTime } from '@/lib/format';
import { isNotFound } from '@/lib/server-error';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ErrorState, NotFoundState } from '@/components/ui/states';
import { UserStatusBadge } from '@/features/admin/user-status-badge';
import { UserAccountActions } from '@/features/admin/user-account-actions';
import { ResetMfaButton, useMfaStateText } from '@/features/admin/reset-mfa-button';
import { useAuditLabels } from '@/features/monitoring/audit-labels';
import { NotFoundContent } from './not-found';
import { DocumentTitle } from '@/components/document-title';

type UserDetail = RouterOutputs['users']['byId'];

export default function AdminUserDetailPage() {
  const allowed = useCan('user.manage');
  return allowed ? <UserDetailView /> : <NotFoundContent />;
}

function UserDetailView() {
  const { t } = useTranslation('admin');
  const tc = useTranslation('common').t;
  const id = Number(useParams().id);
  const user = trpc.users.byId.useQuery({ id }, { enabled: Number.isInteger(id) && id > 0 });
  if (!Number.isInteger(id) || id <= 0 || (user.error && isNotFound(user.error))) {
    return <NotFoundState title={t('detail.notFound')} description={t('detail.notFoundText')} backTo="/admin/users" backLabel={t('detail.back')} />;
  }
  if (user.error) return <ErrorState message={user.error.message} />;
  if (user.isPending) return <Skeleton className="h-64 w-full" aria-busy="true" />;
  const u = user.data;
  return (
    <div className="grid gap-6">
      <Link to="/admin/users" className="inline-flex items-center gap-1 text-sm text-primary hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden /> {t('detail.back')}
      </Link>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="flex items-center gap-3 text-2xl font-bold tracking-tight">
            {u.fullName} <UserStatusBadge status={u.status} />
          </h1>
          <DocumentTitle title={u.fullName} />
          <p className="mt-1 text-sm text-muted-foreground">{u.email} · {tc(`roles.${u.role}`)}</p>
        </div>
        <UserAccountActions user={u} />
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <AccountCard user={u} />
        <SessionsCard user={u} />
        <MembershipsCard user={u} />
        <TokensCard user={u} />
      </div>
      <HistoryCard user={u} />
    </div>
  );
}

function Facts({ rows }: { rows: [string, string][] }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
      {rows.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="text-muted-foreground">{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}

function AccountCard({ user: u }: { user: UserDetail }) {
  const { t } = useTranslation('admin');
  const when = (v: string | null) => (v ? formatDateTime(v) : '—');
  const mfaText = useMfaStateText();
  return (
    <Card>
      <CardHeader><CardTitle className="text-base">{t('detail.account')}</CardTitle></CardHeader>
      <CardContent>
        <Facts
          rows={[
            [t('fields.created'), when(u.createdAt)],
            [t('fields.invited'), when(u.invitedAt)],
            [t('fields.lastLogin'), u.lastLoginAt ? formatDateTime(u.lastLoginAt) : t('users.never')],
            [t('fields.failedAttempts'), String(u.failedLoginCount)],
            [t('fields.lockedUntil'), when(u.lockedUntil)],
            [t('fields.deactivated'), when(u.deactivatedAt)],
            [t('fields.passwordLogin'), t(u.passwordLogin ? 'detail.passwordLoginOn' : 'detail.passwordLoginOff')],
            [t('fields.mfa'), mfaText(u.mfa)],
          ]}
        />
        {(u.mfa.enabled || u.mfa.enrolmentPending) && (
          <div className="mt-3"><ResetMfaButton user={u} /></div>
        )}
      </CardContent>
    </Card>
  );
}

function SessionsCard({ user: u }: { user: UserDetail }) {
  const { t } = useTranslation('admin');
  return (
    <Card>
      <CardHeader><CardTitle className="text-base">{t('detail.sessions', { count: u.sessions.length })}</CardTitle></CardHeader>
      <CardContent className="grid gap-2 text-sm">
        {u.sessions.length === 0 && <p className="text-muted-foreground">{t('detail.noSessions')}</p>}
        {u.sessions.map((s) => (
          <div key={s.id} className="rounded border border-border p-2" data-testid="user-session">
            <div>{t('detail.sessionSince', { time: formatDateTime(s.createdAt) })} · {t('detail.lastSeen', { time: formatDateTime(s.lastSeenAt) })}</div>
            <div className="truncate text-xs text-muted-foreground">{s.clientIp ?? '—'} · {s.userAgent ?? '—'}</div>
          </div>
        ))}
      </CardContent>
    </Card>
  );
}

function MembershipsCard({ user: u }: { user: UserDetail }) {
  const { t } = useTranslation('admin');
  const tc = useTranslation('common').t;
  return (
    <Card>
      <CardHeader><CardTitle className="text-base">{t('detail.memberships')}</CardTitle></CardHeader>
      <CardContent className="grid gap-2 text-sm">
        {u.memberships.length === 0 && <p className="text-muted-foreground">{t('detail.noMemberships')}</p>}
        {u.memberships.map((m) => (
          <div key={m.id} className="flex flex-wrap justify-between gap-2 border-b border-border pb-2 last:border-0" data-testid="user-membership">
            <span><span className="font-medium">{m.studyCode}</span> · {tc(`roles.${m.role}`)}{m.siteName ? ` · ${m.siteName}` : ''}</span>
            <span className="text-xs text-muted-foreground">
              {m.endedAt ? t('detail.period', { from: formatDateTime(m.createdAt), to: formatDateTime(m.endedAt) }) : t('detail.since', { time: formatDateTime(m.createdAt) })}
            </span>
          </div>
        ))}
      </CardContent>
    </Card>
  );
}

function TokensCard({ user: u }: { user: UserDetail }) {
  const { t } = useTranslation('admin');
  const live = u.apiTokens.filter((k) => !k.revokedAt && new Date(k.expiresAt) > new Date());
  return (
    <Card>
      <CardHeader><CardTitle className="text-base">{t('detail.tokens', { count: live.length })}</CardTitle></CardHeader>
      <CardContent className="grid gap-2 text-sm">
        {u.apiTokens.length === 0 && <p className="text-muted-foreground">{t('detail.noTokens')}</p>}
        {u.apiTokens.map((k) => (
          <div key={k.id} className="flex flex-wrap justify-between gap-2">
            <span><span className="font-medium">{k.name}</span> <code className="text-xs">{k.tokenPrefix}…</code> · {t(`tokens.access.${k.access}`)}</span>
            <span className="text-xs text-muted-foreground">
              {k.revokedAt ? t('tokens.revokedOn', { time: formatDateTime(k.revokedAt) }) : t('tokens.expires', { time: formatDateTime(k.expiresAt) })}
            </span>
          </div>
        ))}
      </CardContent>
    </Card>
  );
}

function HistoryCard({ user: u }: { user: UserDetail }) {
  const { t } = useTranslation('admin');
  const labels = useAuditLabels();
  return (
    <Card>
      <CardHeader><CardTitle className="text-base">{t('detail.history')}</CardTitle></CardHeader>
      <CardContent className="overflow-x-auto">
        <table className="w-full text-sm">
          <thead className="text-left text-xs uppercase text-muted-foreground">
            <tr><th className="py-1 pr-4">{t('history.when')}</th><th className="py-1 pr-4">{t('history.who')}</th><th className="py-1 pr-4">{t('history.what')}</th><th className="py-1">{t('history.why')}</th></tr>
          </thead>
          <tbody>
            {u.history.map((h) => (
              <tr key={h.id} className="border-t border-border" data-testid="user-history">
                <td className="py-1 pr-4 whitespace-nowrap">{formatDateTime(h.occurredAt)}</td>
                <td className="py-1 pr-4">{h.actorName ?? t('history.system')}</td>
                <td className="py-1 pr-4">{labels.table(h.tableName)} #{h.recordId} · {t(`monitoring:audit.operations.${h.action}`, { defaultValue: h.action })}{h.changedFields.length ? ` (${h.changedFields.map(labels.field).join(', ')})` : ''}</td>
                <td className="py-1">{h.reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </CardContent>
    </Card>
  );
}
