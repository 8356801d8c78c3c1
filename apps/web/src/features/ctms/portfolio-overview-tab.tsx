// CTMS Overview tab: search and status filter applied by trials.list in SQL, trial cards, pages.
import { useTranslation } from 'react-i18next';
import { keepPreviousData } from '@tanstack/react-query';
import { SKELETONS } from '@ctp/contracts';
import { trpc } from '@/lib/trpc';
import { Skeleton } from '@/components/ui/skeleton';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { ListControls } from '@/features/studies/list-controls';
import { Pager } from '@/features/studies/pager';
import type { StudyListParams } from '@/features/studies/use-list-params';
import { usePageInRange } from '@/lib/use-page-in-range';
import { TrialCard } from './trial-card';

export function CardSkeletons() {
  return (
    <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-3" aria-busy="true" data-testid="trials-loading">
      {Array.from({ length: SKELETONS.ctms }, (_, i) => (
        <Skeleton key={i} className="h-64" />
      ))}
    </div>
  );
}

export function PortfolioOverviewTab({ list }: { list: StudyListParams }) {
  const { t } = useTranslation('ctms');
  const trials = trpc.trials.list.useQuery(
    { search: list.search || undefined, status: list.status, limit: list.limit, offset: list.offset },
    { placeholderData: keepPreviousData },
  );
  const pastEnd = usePageInRange(list.page, list.limit, trials.data?.total);
  // A page past the end (moving to the last page) is not the empty list: show neither state nor pager.
  const data =
    pastEnd || (trials.data && trials.data.items.length === 0 && trials.data.total > 0)
      ? undefined
      : trials.data;
  return (
    <div className="grid gap-4">
      <ListControls
        search={list.search}
        status={list.status}
        onSearch={list.setSearch}
        onStatus={list.setStatus}
        placeholder={t('overview.searchPlaceholder')}
        searchLabel={t('overview.searchLabel')}
      />
      {trials.isPending && <CardSkeletons />}
      {trials.error && <ErrorState message={trials.error.message} />}
      {data?.items.length === 0 && (
        <EmptyState title={t('overview.empty')} description={t('overview.emptyText')} />
      )}
      {!!data?.items.length && (
        <div
          className="grid gap-4 md:grid-cols-2 lg:grid-cols-3"
          data-testid="trials-grid"
          aria-busy={trials.isPlaceholderData}
        >
          {data.items.map((trial) => (
            <TrialCard key={trial.id} trial={trial} />
          ))}
        </div>
      )}
      {data && <Pager offset={data.offset} limit={data.limit} total={data.total} onOffset={list.setOffset} />}
    </div>
  );
}
