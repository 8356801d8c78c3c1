// The `page` URL parameter of a paged list, kept in range: a page past the last one of a non-empty
// list (e.g. /patients?page=999 typed into the address bar) moves to the last page, and a value that
// is not a page number (?page=abc, ?page=0) to the first; the URL entry is replaced, so Back does not
// return to the impossible page.
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';

/** Pages of `total` items, `pageSize` a page; 1 for an empty list. */
export const lastPage = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

/**
 * `page` is the 1-based page the list hook read from the URL (already 1 for invalid values), `total`
 * the list's count once loaded. Returns true while the URL still names a page past the end, so the
 * caller can keep the empty page (and its 'No ... found' state) off the screen until the move.
 */
export function usePageInRange(page: number, pageSize: number, total: number | undefined): boolean {
  const [params, setParams] = useSearchParams();
  const raw = params.get('page');
  const target = total !== undefined && total > 0 ? Math.min(page, lastPage(total, pageSize)) : page;
  const wanted = target > 1 ? String(target) : null;
  const stale = target !== page || (raw !== null && raw !== String(page));

  useEffect(() => {
    if (!stale) return;
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (wanted) next.set('page', wanted);
        else next.delete('page');
        return next;
      },
      { replace: true },
    );
  }, [stale, wanted, setParams]);

  return target !== page;
}
