// A list's search, status filter and page live in the URL, so Back and shared links keep them.
import { useSearchParams } from 'react-router-dom';
import { STUDY_STATUSES, type StudyStatus } from '@ctp/contracts';

export function useListParams(pageSize: number) {
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const rawStatus = params.get('status');
  const status = (STUDY_STATUSES as readonly string[]).includes(rawStatus ?? '')
    ? (rawStatus as StudyStatus)
    : undefined;
  const page = Math.max(0, Number.parseInt(params.get('page') ?? '1', 10) - 1 || 0);

  const update = (changes: Record<string, string | undefined>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(changes)) {
          if (v) next.set(k, v);
          else next.delete(k);
        }
        return next;
      },
      { replace: true },
    );

  return {
    search,
    status,
    /** The 1-based page number the URL asks for (1 for a missing or invalid value). */
    page: page + 1,
    offset: page * pageSize,
    limit: pageSize,
    /** A new search or filter starts again at the first page. */
    setSearch: (q: string) => update({ q: q.trim() || undefined, page: undefined }),
    setStatus: (s: string) => update({ status: s || undefined, page: undefined }),
    setOffset: (offset: number) =>
      update({ page: offset > 0 ? String(Math.floor(offset / pageSize) + 1) : undefined }),
    get: (key: string) => params.get(key),
    set: (key: string, value: string | undefined) => update({ [key]: value }),
  };
}
