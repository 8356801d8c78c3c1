// The few calls the public pages make before anyone is signed in (who is signed in, log in, single
// sign-on), as plain fetches in tRPC's HTTP format. The log-in page thereby comes without the tRPC and
// React Query clients and their providers (about 35 KB gzip), which load with the first page behind it.
import type { RouterInputs, RouterOutputs } from './trpc';
import type { MessageParams } from './server-messages';
import { loadNamespaces } from './i18n';

/** A refusal as tRPC's client raises it: the message (in the app's language when keyed) and its data. */
export class PublicApiError extends Error {
  constructor(
    message: string,
    readonly data: { httpStatus?: number; messageKey?: string; params?: MessageParams } | null,
  ) {
    super(message);
  }
}

async function call<T>(path: string, init: RequestInit): Promise<T> {
  const res = await fetch(`/trpc/${path}`, { ...init, credentials: 'include' });
  const body = (await res.json().catch(() => null)) as { result?: { data: T }; error?: { message: string; data?: PublicApiError['data'] } } | null;
  if (body?.result) return body.result.data;
  const error = new PublicApiError(body?.error?.message ?? `The server answered ${res.status}`, body?.error?.data ?? { httpStatus: res.status });
  // A refusal's words in the reader's language: their strings and code load with the first refusal.
  const [{ localiseServerError }] = await Promise.all([import('./server-messages'), loadNamespaces(['validation'])]);
  localiseServerError(error);
  throw error;
}

const query = <T>(path: string) => call<T>(path, { method: 'GET' });
const mutation = <T>(path: string, input: unknown) =>
  call<T>(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(input) });

export const publicApi = {
  me: () => query<RouterOutputs['auth']['me']>('auth.me'),
  ssoInfo: () => query<RouterOutputs['auth']['ssoInfo']>('auth.ssoInfo'),
  login: (input: RouterInputs['auth']['login']) => mutation<RouterOutputs['auth']['login']>('auth.login', input),
};
