// All Queries: search and filters, the table (10 a page, paged on the server) or its empty state.
import { useTranslation } from 'react-i18next';
import type { QueryFilterInput, QueryRow } from '@ctp/contracts';
import { EmptyState, ErrorState } from '@/components/ui/states';
import type { OnQueryAction, QueryPermissions } from './query-actions';
import { QueriesFilters } from './queries-filters';
import { QueriesTable } from './queries-table';
import { QueriesPager } from './queries-pager';
import { QueryRowsSkeleton } from './query-rows-skeleton';

export interface QueryListState {
  data: { items: QueryRow[]; total: number } | undefined;
  error: { message: string } | null;
  /** Rows of the previous filter shown while the new ones load. */
  stale: boolean;
  /** The URL names a page past the end (moving to the last one). */
  pastEnd: boolean;
}

export function AllQueriesTab({
  search,
  filter,
  filtered,
  page,
  pageSize,
  list,
  can,
  onChange,
  onAction,
}: {
  search: string;
  filter: QueryFilterInput;
  filtered: boolean;
  page: number;
  pageSize: number;
  list: QueryListState;
  can: QueryPermissions;
  onChange: (changes: Record<string, string | number | null>) => void;
  onAction: OnQueryAction;
}) {
  const { t } = useTranslation('queries');
  const { data } = list;
  return (
    <div className="grid gap-4">
      <QueriesFilters search={search} filter={filter} filtered={filtered} onChange={onChange} />
      {list.error ? (
        <ErrorState message={list.error.message} />
      ) : !data || list.pastEnd ? (
        <QueryRowsSkeleton />
      ) : data.total === 0 ? (
        <EmptyState title={t('empty.title')} description={filtered ? t('empty.filtered') : t('empty.description')} />
      ) : (
        <>
          <QueriesTable rows={data.items} can={can} busy={list.stale} onAction={onAction} />
          <QueriesPager total={data.total} page={page} pageSize={pageSize} onPage={(p) => onChange({ page: p > 1 ? p : null })} />
        </>
      )}
    </div>
  );
}
