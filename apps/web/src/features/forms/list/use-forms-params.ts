// The forms list's search (q), study filter (study), status filter (status) and page live in the URL,
// so Back and shared links keep them; a new search or filter starts again at the first page. The
// studies list's parameters plus the study filter.
import { FORM_STATUSES } from '@ctp/contracts';
import { useListParams } from '@/features/studies/use-list-params';

export function useFormsParams(pageSize: number) {
  const list = useListParams(pageSize, FORM_STATUSES);
  const rawStudy = Number(list.get('study'));
  const studyId = Number.isInteger(rawStudy) && rawStudy > 0 && rawStudy <= 2_147_483_647 ? rawStudy : undefined;
  return {
    ...list,
    studyId,
    filtered: !!(list.search || list.status || studyId),
    setStudy: (id: string) => list.setMany({ study: id || undefined, page: undefined }),
    /** Clear Filters: search, study and status all at once. */
    clear: () => list.setMany({ q: undefined, study: undefined, status: undefined, page: undefined }),
  };
}
