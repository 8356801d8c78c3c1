// A list's search, status filter and page live in the URL, so Back and shared links keep them.
import { useSearchParams } from 'react-router-dom';
import { STUDY_STATUSES, type StudyStatus } from '@ctp/contracts';

/** `statuses` are the values the status filter accepts (a study's by default); any other reads as none. */
/** A studies-like list's parameters (the studies and CTMS screens). */
export type StudyListParams = ReturnType<typeof useListParamsOf<StudyStatus>>;

export function useListParams(pageSize: number): StudyListParams;
export function useListParams<S extends string>(pageSize: number, statuses: readonly S[]): ReturnType<typeof useListParamsOf<S>>;
export function useListParams(pageSize: number, statuses: readonly string[] = STUDY_STATUSES) {
  return useListParamsOf(pageSize, statuses);
}

function useListParamsOf<S extends string>(pageSize: number, statuses: readonly S[]) {
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const rawStatus = params.get('status');
  const status = (statuses as readonly string[]).includes(rawStatus ?? '') ? (rawStatus as S) : undefined;
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
    /** Several parameters at once (one history entry). */
    setMany: update,
  };
}
