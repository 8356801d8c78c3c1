// The tRPC and React Query providers and the toasts, for every page but the landing page: a layout
// route (routes.tsx) loads them with the first page that talks to the API, so the landing page's
// JavaScript carries neither tRPC nor React Query.
import { Outlet } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { trpc, createTrpcClient } from './lib/trpc';
import { createQueryClient } from './lib/query-client';
import { Toaster } from './components/ui/toaster';

// One client for the page's life: the layout stays mounted while the user moves between its pages.
const queryClient = createQueryClient();
const trpcClient = createTrpcClient();

export default function AppProviders() {
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <Outlet />
        <Toaster />
      </QueryClientProvider>
    </trpc.Provider>
  );
}
