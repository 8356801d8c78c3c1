// A page's study in the URL (?study=): Back and shared links keep it. A value the server would refuse
// (not a positive number) reads as none (compliance: all studies; analytics: the server's choice).
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

export function useStudyParam() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('study');
  const studyId = raw && /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : undefined;
  const setStudy = useCallback(
    (value: string) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (value) next.set('study', value);
          else next.delete('study');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { studyId, setStudy };
}
