// The tRPC and React Query providers and the toasts, for every page that talks to the API through them:
// a layout route (routes.tsx) loads them with the first such page, so neither the landing page nor the
// log-in page (which makes its few calls with lib/public-api.ts) carries tRPC or React Query.
import type { ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import type { CurrentUser } from '@ctp/contracts';
import { trpc, createTrpcClient } from './lib/trpc';
import { createQueryClient } from './lib/query-client';
import { Toaster } from './components/ui/toaster';

// One client for the page's life: the layout stays mounted while the user moves between its pages.
const queryClient = createQueryClient();
const trpcClient = createTrpcClient();

/** The providers around any part of a page that uses tRPC (the log-in's two-factor step, say). */
export function ApiProviders({ children }: { children: ReactNode }) {
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </trpc.Provider>
  );
}

/**
 * Who is signed in now, after a log-in made outside the providers: a page that had asked before
 * (and been sent to the log-in) must not keep the earlier answer, nobody.
 */
export function rememberSignedIn(user: CurrentUser) {
  queryClient.setQueryData(getQueryKey(trpc.auth.me, undefined, 'query'), user);
}

export default function AppProviders() {
  return (
    <ApiProviders>
      <Outlet />
      <Toaster />
    </ApiProviders>
  );
}
