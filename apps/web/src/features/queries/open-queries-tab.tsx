// Open Queries: the live ones (open, answered, re-opened) as cards, newest first, ten a page.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keepPreviousData } from '@tanstack/react-query';
import { trpc } from '@/lib/trpc';
import { EmptyState, ErrorState } from '@/components/ui/states';
import type { OnQueryAction, QueryPermissions } from './query-actions';
import { QUERIES_PAGE_SIZE } from './use-queries-params';
import { OpenQueryCard } from './open-query-card';
import { QueriesPager } from './queries-pager';
import { QueryRowsSkeleton } from './query-rows-skeleton';

export function OpenQueriesTab({ can, onAction }: { can: QueryPermissions; onAction: OnQueryAction }) {
  const { t } = useTranslation('queries');
  const [page, setPage] = useState(1);
  const list = trpc.queries.list.useQuery(
    { live: true, limit: QUERIES_PAGE_SIZE, offset: (page - 1) * QUERIES_PAGE_SIZE },
    { placeholderData: keepPreviousData },
  );
  if (list.isPending) return <QueryRowsSkeleton />;
  if (list.error) return <ErrorState message={list.error.message} />;
  if (list.data.total === 0) return <EmptyState title={t('open.empty')} description={t('open.emptyText')} />;
  return (
    <div className="grid gap-4" data-testid="open-queries" aria-busy={list.isPlaceholderData || undefined}>
      <p className="text-sm text-muted-foreground">{t('open.count', { count: list.data.total })}</p>
      <div className="grid gap-3 lg:grid-cols-2">
        {list.data.items.map((row) => (
          <OpenQueryCard key={row.id} row={row} can={can} onAction={onAction} />
        ))}
      </div>
      <QueriesPager total={list.data.total} page={page} pageSize={QUERIES_PAGE_SIZE} onPage={setPage} />
    </div>
  );
}
