// All Submissions: search and Filter, the submission cards (10, 25 or 50 a page, paged on the server)
// or the empty state.
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE, type SubmissionFilterInput } from '@ctp/contracts';
import { PageNav } from '@/components/page-nav';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { ErtmsFilters } from './ertms-filters';
import { SubmissionCardSkeletons } from './ertms-loading';
import { SubmissionCard } from './submission-card';
import type { OnSubmissionStep, SubmissionRow } from './types';

export interface SubmissionListState {
  data: { items: SubmissionRow[]; total: number } | undefined;
  error: { message: string } | null;
  /** Rows of the previous filter shown while the new ones load. */
  stale: boolean;
  /** The URL names a page past the end (moving to the last one). */
  pastEnd: boolean;
}

export function AllSubmissionsTab({
  search,
  filter,
  filtered,
  panelFilters,
  page,
  pageSize,
  list,
  canManage,
  onChange,
  onView,
  onStep,
}: {
  search: string;
  filter: SubmissionFilterInput;
  filtered: boolean;
  panelFilters: boolean;
  page: number;
  pageSize: number;
  list: SubmissionListState;
  canManage: boolean;
  onChange: (changes: Record<string, string | number | null>) => void;
  onView: (row: SubmissionRow) => void;
  onStep: OnSubmissionStep;
}) {
  const { t } = useTranslation('ertms');
  const { data } = list;
  return (
    <div className="grid gap-4">
      <ErtmsFilters search={search} filter={filter} filtered={filtered} panelFilters={panelFilters} onChange={onChange} />
      {list.error ? (
        <ErrorState message={list.error.message} />
      ) : !data || list.pastEnd ? (
        <SubmissionCardSkeletons />
      ) : data.total === 0 ? (
        <EmptyState title={t('empty.title')} description={filtered ? t('empty.filtered') : t('empty.description')} />
      ) : (
        <>
          <div className="grid gap-4 lg:grid-cols-2 2xl:grid-cols-3" data-testid="submissions-grid" aria-busy={list.stale || undefined}>
            {data.items.map((row) => (
              <SubmissionCard key={row.id} row={row} canManage={canManage} onView={onView} onStep={onStep} />
            ))}
          </div>
          <PageNav
            ns="ertms"
            total={data.total}
            page={page}
            pageSize={pageSize}
            onPage={(p) => onChange({ page: p > 1 ? p : null })}
            onPageSize={(size) => onChange({ size: size === DEFAULT_PAGE_SIZE ? null : size })}
          />
        </>
      )}
    </div>
  );
}
