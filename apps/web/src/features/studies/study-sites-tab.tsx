// Study detail tab Sites: the sites assigned to this study, with this study's target and enrollment
// at each (sites.list with studyId counts that study only), paged by the server.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { keepPreviousData } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE } from '@ctp/contracts';
import { trpc } from '@/lib/trpc';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { StatusBadge } from '@/components/ui/status-badge';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { EnrollmentBar } from '@/features/enrollment/enrollment-bar';
import { Pager } from './pager';

export function StudySitesTab({ studyId }: { studyId: number }) {
  const { t } = useTranslation('studies');
  const [offset, setOffset] = useState(0);
  const sites = trpc.sites.list.useQuery(
    { studyId, limit: DEFAULT_PAGE_SIZE, offset },
    { placeholderData: keepPreviousData },
  );
  if (sites.isPending) return <Skeleton className="h-48" />;
  if (sites.error) return <ErrorState message={sites.error.message} />;
  if (!sites.data.total) return <EmptyState title={t('sites.empty')} description={t('sites.emptyText')} />;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('sites.title', { count: sites.data.total })}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        {sites.data.items.map((s) => (
          <Link
            key={s.id}
            to={`/sites/${s.id}`}
            className="grid gap-2 rounded-lg border border-border p-3 hover:bg-muted sm:grid-cols-[1fr_14rem] sm:items-center"
            data-testid="study-site"
          >
            <div className="min-w-0">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-mono text-xs font-semibold">{s.siteNumber}</span>
                <span className="truncate font-medium">{s.siteName}</span>
                <StatusBadge status={s.status} />
              </div>
              <div className="text-xs text-muted-foreground">
                {s.principalInvestigator ?? '—'}
                {s.address ? ` · ${s.address}` : ''}
              </div>
            </div>
            <EnrollmentBar current={s.currentEnrollment} target={s.enrollmentTarget} />
          </Link>
        ))}
        <Pager
          offset={sites.data.offset}
          limit={sites.data.limit}
          total={sites.data.total}
          onOffset={setOffset}
        />
      </CardContent>
    </Card>
  );
}
