// Sites list (spec section 2): Site Management, four tiles, a 3-column grid of site cards, Add New Site.
import { useTranslation } from 'react-i18next';
import { SKELETONS, siteStatus } from '@ctp/contracts';
import { trpc } from '@/lib/trpc';
import { useCan } from '@/lib/auth';
import { PageHeader } from '@/components/page-header';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { SitesSummary } from '@/features/sites/sites-summary';
import { SiteCard, SiteCardSkeleton } from '@/features/sites/site-card';
import { SiteCreateDialog } from '@/features/sites/site-create-dialog';
import { SiteFilters } from '@/features/sites/site-filters';
import { Pagination } from '@/features/patients/pagination';
import { useUrlFilters } from '@/features/patients/use-url-filters';
import { usePageInRange } from '@/lib/use-page-in-range';

export default function SitesPage() {
  const { t } = useTranslation('sites');
  const canCreate = useCan('site.create');
  const { params, page, pageSize, offset, update } = useUrlFilters();
  const search = params.get('search')?.trim() ?? '';
  const parsedStatus = siteStatus.safeParse(params.get('status'));
  const status = parsedStatus.success ? parsedStatus.data : undefined;
  const list = trpc.sites.list.useQuery({ search: search || undefined, status, limit: pageSize, offset });
  const pastEnd = usePageInRange(page, pageSize, list.data?.total);

  return (
    <div>
      <PageHeader
        title={t('title')}
        description={t('subtitle')}
        actions={canCreate && <SiteCreateDialog />}
      />
      <div className="grid gap-6">
        <SitesSummary search={search || undefined} />
        <SiteFilters search={search} status={status ?? ''} onChange={update} />
        {list.isPending || pastEnd ? (
          <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-3" aria-busy="true">
            {Array.from({ length: SKELETONS.sites }, (_, i) => (
              <SiteCardSkeleton key={i} />
            ))}
          </div>
        ) : list.error ? (
          <ErrorState message={list.error.message} />
        ) : list.data.total === 0 ? (
          <EmptyState title={t('empty.title')} description={t('empty.description')} />
        ) : (
          <>
            <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
              {list.data.items.map((s) => (
                <SiteCard key={s.id} site={s} />
              ))}
            </div>
            <Pagination
              total={list.data.total}
              page={page}
              pageSize={pageSize}
              onPage={(p) => update({ page: p })}
              onPageSize={(size) => update({ size })}
            />
          </>
        )}
      </div>
    </div>
  );
}
