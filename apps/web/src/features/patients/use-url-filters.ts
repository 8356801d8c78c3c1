// List state kept in the URL query (filters, page, page size), so links, reloads and the back button
// show the same list. Changing a filter returns to the first page.
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@ctp/contracts';

export function useUrlFilters() {
  const [params, setParams] = useSearchParams();
  const sizeParam = Number(params.get('size'));
  const pageSize = (PAGE_SIZES as readonly number[]).includes(sizeParam) ? sizeParam : DEFAULT_PAGE_SIZE;
  const pageParam = Math.floor(Number(params.get('page')));
  const page = Number.isFinite(pageParam) && pageParam >= 1 ? pageParam : 1;

  /** Sets (or, for empty values, removes) query parameters; any change but a page change resets the page. */
  const update = useCallback(
    (changes: Record<string, string | number | null | undefined>) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null || value === undefined || value === '') next.delete(key);
            else next.set(key, String(value));
          }
          if (!('page' in changes)) next.delete('page');
          return next;
        },
        { replace: false },
      );
    },
    [setParams],
  );

  return { params, page, pageSize, offset: (page - 1) * pageSize, update };
}

/** A positive integer id from the URL, or undefined. */
export function idParam(value: string | null): number | undefined {
  if (!value || !/^\d+$/.test(value)) return undefined;
  const n = Number(value);
  return n > 0 && n <= 2_147_483_647 ? n : undefined;
}
