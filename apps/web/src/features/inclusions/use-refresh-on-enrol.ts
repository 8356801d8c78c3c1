// The enrolment dialog (patients.enroll) refreshes the patient lists it knows of; the inclusions list
// is refreshed here when an enrolment succeeds, whichever component sent it.
import { useEffect } from 'react';
import { hashKey, useQueryClient } from '@tanstack/react-query';
import { getMutationKey } from '@trpc/react-query';
import { trpc } from '@/lib/trpc';

export function useRefreshOnEnrol() {
  const queryClient = useQueryClient();
  const utils = trpc.useUtils();
  useEffect(() => {
    const enrolKey = hashKey(getMutationKey(trpc.patients.enroll));
    return queryClient.getMutationCache().subscribe((event) => {
      const key = event.mutation?.options.mutationKey;
      if (event.type === 'updated' && event.action.type === 'success' && key && hashKey(key) === enrolKey) {
        void utils.inclusions.invalidate();
      }
    });
  }, [queryClient, utils]);
}
