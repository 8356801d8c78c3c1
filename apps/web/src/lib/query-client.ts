// React Query defaults of spec section 9: queries never stale, no retries, no refetch on focus, no
// polling. A 401 from any call sends the user to the login page and back afterwards. A refusal the
// server sent with its message key reads in the user's language wherever the screen shows it.
import { QueryCache, MutationCache, QueryClient } from '@tanstack/react-query';
import { QUERY_DEFAULTS } from '@ctp/contracts';
import { httpStatusOf } from './trpc.ts';
import { localiseServerError } from './server-messages.ts';

export function redirectToLogin() {
  const here = window.location.pathname + window.location.search;
  if (window.location.pathname === '/login') return;
  window.location.assign(`/login?next=${encodeURIComponent(here)}`);
}

export function createQueryClient() {
  // Runs before the query's state and the mutation's own onError reach the screen.
  const onError = (error: unknown) => {
    localiseServerError(error);
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
