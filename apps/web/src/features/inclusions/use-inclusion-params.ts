// The inclusions list's state in the URL query, so links, reloads and the back button show the same
// list: ?study= (else the default study), ?q= search, ?sort=, ?archived=1, ?size= and ?page=.
// Any change but a page change returns to the first page.
import { INCLUSION_SORTS, type InclusionListInput } from '@ctp/contracts';
import { idParam, useUrlFilters } from '@/features/patients/use-url-filters';

export type InclusionSort = InclusionListInput['sort'];
/** What the list, Export and Archive act on: the study, the search term and archived or not. */
export type InclusionFilter = Pick<InclusionListInput, 'studyId' | 'search' | 'archived'>;

const isSort = (v: string | null): v is InclusionSort => (INCLUSION_SORTS as readonly (string | null)[]).includes(v);

export function useInclusionParams() {
  const { params, page, pageSize, offset, update } = useUrlFilters();
  const sortParam = params.get('sort');
  return {
    studyParam: idParam(params.get('study')),
    search: params.get('q')?.trim().slice(0, 100) ?? '',
    sort: isSort(sortParam) ? sortParam : ('startDate' as InclusionSort),
    archived: params.get('archived') === '1',
    page,
    pageSize,
    offset,
    update,
  };
}
