// All Documents: search and filters, the table (10, 25 or 50 a page, paged on the server) or its empty state.
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE, type DocumentFilterInput } from '@ctp/contracts';
import { EmptyState, ErrorState } from '@/components/ui/states';
import type { DocumentPermissions, DocumentRow, OnDocumentAction } from './document-actions';
import type { EtmfChanges } from './use-etmf-params';
import { DocumentsFilters } from './documents-filters';
import { DocumentsTable } from './documents-table';
import { DocumentRowsSkeleton } from './document-rows-skeleton';
import { EtmfPager } from './etmf-pager';

export interface DocumentListState {
  data: { items: DocumentRow[]; total: number } | undefined;
  error: { message: string } | null;
  /** Rows of the previous filter shown while the new ones load. */
  stale: boolean;
  /** The URL names a page past the end (moving to the last one). */
  pastEnd: boolean;
}

export function AllDocumentsTab({
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
  filter: DocumentFilterInput;
  filtered: boolean;
  page: number;
  pageSize: number;
  list: DocumentListState;
  can: DocumentPermissions;
  onChange: (changes: EtmfChanges) => void;
  onAction: OnDocumentAction;
}) {
  const { t } = useTranslation('etmf');
  const { data } = list;
  return (
    <div className="grid gap-4">
      <DocumentsFilters search={search} filter={filter} filtered={filtered} onChange={onChange} />
      {list.error ? (
        <ErrorState message={list.error.message} />
      ) : !data || list.pastEnd ? (
        <DocumentRowsSkeleton />
      ) : data.total === 0 ? (
        <EmptyState title={t('empty.title')} description={filtered ? t('empty.filtered') : t('empty.description')} />
      ) : (
        <>
          <DocumentsTable rows={data.items} can={can} busy={list.stale} onAction={onAction} />
          <EtmfPager
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
