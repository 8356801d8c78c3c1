// React Query defaults of spec section 9: queries never stale, no retries, no refetch on focus, no
// polling. A 401 from any call sends the user to the login page and back afterwards.
import { QueryCache, MutationCache, QueryClient } from '@tanstack/react-query';
import { QUERY_DEFAULTS } from '@ctp/contracts';
import { httpStatusOf } from './trpc.ts';

export function redirectToLogin() {
  const here = window.location.pathname + window.location.search;
  if (window.location.pathname === '/login') return;
  window.location.assign(`/login?next=${encodeURIComponent(here)}`);
}

export function createQueryClient() {
  const onError = (error: unknown) => {
    if (httpStatusOf(error) === 401) redirectToLogin();
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: { ...QUERY_DEFAULTS, refetchInterval: false },
      mutations: { retry: false },
    },
  });
}
