// The queries screen's state in the URL query, so links, reloads and Back show the same list:
// ?q= search, ?status=, ?priority=, ?type=, ?page= (10 a page) and ?tab=. A new search or filter
// returns to the first page; changing tab keeps the list's filters.
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { QUERY_KINDS, QUERY_LIFECYCLE, QUERY_PRIORITIES, type QueryFilterInput } from '@ctp/contracts';

export const QUERIES_PAGE_SIZE = 10;
export const QUERY_TABS = ['all', 'open', 'priority', 'reports'] as const;
export type QueriesTab = (typeof QUERY_TABS)[number];

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return (values as readonly (string | null)[]).includes(value) ? (value as T) : undefined;
}

export function useQueriesParams() {
  const [params, setParams] = useSearchParams();
  const pageParam = Math.floor(Number(params.get('page')));
  const page = Number.isFinite(pageParam) && pageParam >= 1 ? pageParam : 1;
  const search = params.get('q')?.trim().slice(0, 100) ?? '';
  const filter: QueryFilterInput = {
    search: search || undefined,
    status: oneOf(QUERY_LIFECYCLE, params.get('status')),
    priority: oneOf(QUERY_PRIORITIES, params.get('priority')),
    type: oneOf(QUERY_KINDS, params.get('type')),
  };

  /** Sets (or, for empty values, removes) parameters; any change but a page change resets the page. */
  const update = useCallback(
    (changes: Record<string, string | number | null | undefined>) =>
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === undefined || value === '') next.delete(key);
          else next.set(key, String(value));
        }
        if (!('page' in changes)) next.delete('page');
        return next;
      }),
    [setParams],
  );
  const setTab = useCallback(
    (tab: string) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (tab === 'all') next.delete('tab');
          else next.set('tab', tab);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  return {
    filter,
    search,
    filtered: !!(filter.search || filter.status || filter.priority || filter.type),
    page,
    pageSize: QUERIES_PAGE_SIZE,
    offset: (page - 1) * QUERIES_PAGE_SIZE,
    tab: oneOf(QUERY_TABS, params.get('tab')) ?? 'all',
    update,
    setTab,
  };
}
