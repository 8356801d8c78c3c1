// /admin/users (administrators): every account, searched, filtered and paged by the server; Invite User;
// the access review (CSV and PDF).
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { role as roleSchema, userStatus } from '@ctp/contracts';
import { trpc } from '@/lib/trpc';
import { useCan } from '@/lib/auth';
import { formatDateTime } from '@/lib/format';
import { PageHeader } from '@/components/page-header';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { Pagination } from '@/features/patients/pagination';
import { useUrlFilters } from '@/features/patients/use-url-filters';
import { usePageInRange } from '@/lib/use-page-in-range';
import { InviteUserDialog } from '@/features/admin/invite-user-dialog';
import { AccessReviewButtons } from '@/features/admin/access-review-buttons';
import { UserFilters } from '@/features/admin/user-filters';
import { UserStatusBadge } from '@/features/admin/user-status-badge';
import { NotFoundContent } from './not-found';

export default function AdminUsersPage() {
  const allowed = useCan('user.manage');
  return allowed ? <UsersList /> : <NotFoundContent />;
}

function UsersList() {
  const { t } = useTranslation('admin');
  const tc = useTranslation('common').t;
  const { params, page, pageSize, offset, update } = useUrlFilters();
  const search = params.get('search')?.trim() ?? '';
  const role = roleSchema.safeParse(params.get('role')).data;
  const status = userStatus.safeParse(params.get('status')).data;
  const list = trpc.users.list.useQuery({ search: search || undefined, role, status, limit: pageSize, offset });
  const pastEnd = usePageInRange(page, pageSize, list.data?.total);
  return (
    <div>
      <PageHeader title={t('users.title')} description={t('users.subtitle')} actions={<><AccessReviewButtons /><InviteUserDialog /></>} />
      <div className="grid gap-4">
        <UserFilters search={search} role={role ?? ''} status={status ?? ''} onChange={update} />
        {list.isPending || pastEnd ? (
          <Card className="grid gap-2 p-4" aria-busy="true">
            {Array.from({ length: 5 }, (_, i) => <Skeleton key={i} className="h-8 w-full" />)}
          </Card>
        ) : list.error ? (
          <ErrorState message={list.error.message} />
        ) : list.data.total === 0 ? (
          <EmptyState title={t('users.emptyTitle')} description={t('users.emptyDescription')} />
        ) : (
          <>
            <Card className="overflow-x-auto">
              <table className="w-full text-sm">
                <thead className="border-b border-border text-left text-xs uppercase text-muted-foreground">
                  <tr>
                    <th className="px-4 py-2">{t('fields.fullName')}</th>
                    <th className="px-4 py-2">{t('fields.role')}</th>
                    <th className="px-4 py-2">{t('fields.status')}</th>
                    <th className="px-4 py-2">{t('fields.lastLogin')}</th>
                  </tr>
                </thead>
                <tbody>
                  {list.data.items.map((u) => (
                    <tr key={u.id} className="border-b border-border last:border-0 hover:bg-muted/50" data-testid="user-row">
                      <td className="px-4 py-2">
                        <Link to={`/admin/users/${u.id}`} className="font-medium text-primary hover:underline">{u.fullName}</Link>
                        <div className="text-xs text-muted-foreground">{u.email}</div>
                      </td>
                      <td className="px-4 py-2">{tc(`roles.${u.role}`)}</td>
                      <td className="px-4 py-2"><UserStatusBadge status={u.status} /></td>
                      <td className="px-4 py-2 text-muted-foreground">{u.lastLoginAt ? formatDateTime(u.lastLoginAt) : t('users.never')}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </Card>
            <Pagination total={list.data.total} page={page} pageSize={pageSize} onPage={(p) => update({ page: p })} onPageSize={(size) => update({ size })} />
          </>
        )}
      </div>
    </div>
  );
}
