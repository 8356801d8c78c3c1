import { createTRPCReact, type inferReactQueryProcedureOptions } from '@trpc/react-query';
import { httpBatchLink } from '@trpc/client';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@ctp/api';

export const trpc = createTRPCReact<AppRouter>();
export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;
export type ReactQueryOptions = inferReactQueryProcedureOptions<AppRouter>;

// httpBatchLink (not the streaming link): login and logout set cookies, which a stream cannot.
export function createTrpcClient() {
  return trpc.createClient({
    links: [httpBatchLink({ url: '/trpc', fetch: (url, init) => fetch(url, { ...init, credentials: 'include' }) })],
  });
}

/** The HTTP status of a tRPC error, if it has one. */
export function httpStatusOf(error: unknown): number | undefined {
  return (error as { data?: { httpStatus?: number } } | null)?.data?.httpStatus;
}
