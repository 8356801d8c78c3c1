// The analytics page's study in the URL (?study=): Back and shared links keep it. Without one (or with a
// value the server would refuse) the server picks the user's first recruiting study.
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

export function useAnalyticsStudy() {
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
