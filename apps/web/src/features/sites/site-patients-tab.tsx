// Patients tab: the site's subjects (patients.list with siteId), paginated by the server.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE } from '@ctp/contracts';
import { trpc } from '@/lib/trpc';
import { formatDate } from '@/lib/format';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { StatusBadge } from '@/components/ui/status-badge';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { Pagination } from '@/features/patients/pagination';

export function SitePatientsTab({ siteId }: { siteId: number }) {
  const { t } = useTranslation('sites');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const list = trpc.patients.list.useQuery({ siteId, limit: pageSize, offset: (page - 1) * pageSize });

  if (list.isPending) return <Skeleton className="h-48" />;
  if (list.error) return <ErrorState message={list.error.message} />;
  if (list.data.total === 0) return <EmptyState title={t('patients.empty')} />;
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between">
        <CardTitle>{t('patients.title')}</CardTitle>
        <Link to={`/patients?siteId=${siteId}`} className="text-sm text-primary hover:underline">
          {t('patients.viewAll')}
        </Link>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <thead className="text-left text-xs text-muted-foreground">
              <tr className="border-b border-border">
                <th className="py-2 pr-3 font-medium">{t('patients.patientId')}</th>
                <th className="py-2 pr-3 font-medium">{t('patients.study')}</th>
                <th className="py-2 pr-3 font-medium">{t('patients.status')}</th>
                <th className="py-2 pr-3 font-medium">{t('patients.visits')}</th>
                <th className="py-2 pr-3 font-medium">{t('patients.screened')}</th>
                <th className="py-2 font-medium">{t('patients.nextVisit')}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.items.map((p) => (
                <tr key={p.id} className="border-b border-border last:border-0" data-testid="site-patient">
                  <td className="py-2 pr-3 font-mono font-semibold">{p.patientId}</td>
                  <td className="py-2 pr-3">{p.studyCode}</td>
                  <td className="py-2 pr-3">
                    <StatusBadge status={p.status} />
                  </td>
                  <td className="py-2 pr-3 tabular-nums">
                    {p.visitProgress.completed}/{p.visitProgress.total}
                  </td>
                  <td className="py-2 pr-3">{formatDate(p.screeningDate)}</td>
                  <td className="py-2">{formatDate(p.nextVisit)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <Pagination
          total={list.data.total}
          page={page}
          pageSize={pageSize}
          onPage={setPage}
          onPageSize={(s) => {
            setPageSize(s);
            setPage(1);
          }}
        />
      </CardContent>
    </Card>
  );
}
