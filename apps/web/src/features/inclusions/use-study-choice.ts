// The study the list shows: the one named in the URL, else the first of the user's studies that is
// active or enrolling (else the first study at all).
import { trpc } from '@/lib/trpc';

export function useStudyChoice(studyParam: number | undefined) {
  const studies = trpc.studies.list.useQuery({ limit: 100 });
  const items = studies.data?.items ?? [];
  const fallback = items.find((s) => s.status === 'active' || s.status === 'enrolling') ?? items[0];
  return {
    studies: items,
    studyId: studyParam ?? fallback?.id,
    /** True while the default is still being looked up. */
    pending: studyParam === undefined && studies.isPending,
    error: studyParam === undefined ? studies.error : null,
  };
}
