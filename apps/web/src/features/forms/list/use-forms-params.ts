// The forms list's search (q), study filter (study), status filter (status) and page live in the URL,
// so Back and shared links keep them; a new search or filter starts again at the first page.
import { useSearchParams } from 'react-router-dom';
import { FORM_STATUSES, type FormStatus } from '@ctp/contracts';

export function useFormsParams(pageSize: number) {
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const rawStatus = params.get('status');
  const status = (FORM_STATUSES as readonly string[]).includes(rawStatus ?? '')
    ? (rawStatus as FormStatus)
    : undefined;
  const rawStudy = Number(params.get('study'));
  const studyId = Number.isInteger(rawStudy) && rawStudy > 0 && rawStudy <= 2_147_483_647 ? rawStudy : undefined;
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
    studyId,
    filtered: !!(search || status || studyId),
    /** The 1-based page number the URL asks for (1 for a missing or invalid value). */
    page: page + 1,
    offset: page * pageSize,
    limit: pageSize,
    setSearch: (q: string) => update({ q: q.trim() || undefined, page: undefined }),
    setStatus: (s: string) => update({ status: s || undefined, page: undefined }),
    setStudy: (id: string) => update({ study: id || undefined, page: undefined }),
    /** Clear Filters: search, study and status all at once. */
    clear: () => update({ q: undefined, study: undefined, status: undefined, page: undefined }),
    setOffset: (offset: number) =>
      update({ page: offset > 0 ? String(Math.floor(offset / pageSize) + 1) : undefined }),
  };
}
