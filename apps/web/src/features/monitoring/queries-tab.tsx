// The Data Queries tab: search (query code, subject code or description) and study filter run on the
// server, ten queries a page; three skeletons while the first page loads.
import { useTranslation } from 'react-i18next';
import { keepPreviousData } from '@tanstack/react-query';
import { trpc } from '@/lib/trpc';
import { usePageInRange } from '@/lib/use-page-in-range';
import { SearchBox } from '@/components/search-box';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { Pager } from '@/features/studies/pager';
import { QUERIES_PAGE_SIZE, type useMonitoringParams } from './use-monitoring-params';
import { StudySelect } from './study-select';
import { MonitoringSkeleton, QueriesTable } from './queries-table';

export function QueriesTab({ params }: { params: ReturnType<typeof useMonitoringParams> }) {
  const { t } = useTranslation('monitoring');
  const { search, studyId, page, offset } = params;
  const list = trpc.queries.list.useQuery(
    { search: search || undefined, studyId, limit: QUERIES_PAGE_SIZE, offset },
    { placeholderData: keepPreviousData },
  );
  const pastEnd = usePageInRange(page, QUERIES_PAGE_SIZE, list.data?.total);
  const data = list.data;
  const filtered = !!(search || studyId);

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <SearchBox value={search} onSearch={params.setSearch} label={t('queries.searchLabel')} placeholder={t('queries.searchPlaceholder')} />
        <StudySelect value={studyId} onChange={params.setStudy} />
      </div>
      {list.isPending || pastEnd ? (
        <MonitoringSkeleton testId="monitoring-loading" label={t('queries.loading')} />
      ) : list.error ? (
        <ErrorState message={list.error.message} />
      ) : !data || data.items.length === 0 ? (
        <EmptyState title={t('queries.empty')} description={filtered ? t('queries.emptyFiltered') : t('queries.emptyText')} />
      ) : (
        <>
          <QueriesTable rows={data.items} busy={list.isPlaceholderData} />
          <Pager offset={data.offset} limit={data.limit} total={data.total} onOffset={params.setOffset} />
        </>
      )}
    </div>
  );
}
