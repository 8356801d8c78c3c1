// Pending Review: the documents whose review is not complete (etmf.list with reviewQueue), the user's
// own reviews first, 10 a page, over the study filter.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keepPreviousData } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE } from '@ctp/contracts';
import { trpc } from '@/lib/trpc';
import { EmptyState, ErrorState } from '@/components/ui/states';
import type { DocumentPermissions, OnDocumentAction } from './document-actions';
import { DocumentRowsSkeleton } from './document-rows-skeleton';
import { EtmfPager } from './etmf-pager';
import { ReviewCard } from './review-card';

export function PendingReviewTab({ studyId, can, onAction }: { studyId: number | undefined; can: DocumentPermissions; onAction: OnDocumentAction }) {
  const { t } = useTranslation('etmf');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const list = trpc.etmf.list.useQuery(
    { reviewQueue: true, studyId, limit: pageSize, offset: (page - 1) * pageSize },
    { placeholderData: keepPreviousData },
  );
  if (list.isPending) return <DocumentRowsSkeleton />;
  if (list.error) return <ErrorState message={list.error.message} />;
  const { items, total } = list.data;
  if (total === 0) return <EmptyState title={t('review.emptyTitle')} description={t('review.emptyText')} />;
  if (items.length === 0 && page > 1) {
    // The last page emptied (a review was completed): go back one.
    setPage(page - 1);
    return null;
  }
  return (
    <div className="grid gap-3" data-testid="etmf-review-list" aria-busy={list.isPlaceholderData || undefined}>
      {!can.approve && <p className="text-xs text-muted-foreground" data-testid="role-note">{t('reasons.approve')}</p>}
      {items.map((row) => (
        <ReviewCard key={row.id} row={row} can={can} onAction={onAction} />
      ))}
      <EtmfPager
        total={total}
        page={page}
        pageSize={pageSize}
        onPage={setPage}
        onPageSize={(size) => {
          setPageSize(size);
          setPage(1);
        }}
      />
    </div>
  );
}
