// PostgreSQL error codes that a user's input can provoke, turned into the tRPC errors the API promises
// (never a 500 for something a user can type). Both drivers (pg, PGlite) expose the SQLSTATE as `code`.
import { TRPCError } from '@trpc/server';

export const STALE_VERSION_MESSAGE = 'This record was changed by someone else; reload and try again';

export function pgErrorCode(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: unknown } | null | undefined;
  if (!e) return undefined;
  if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  return e.cause ? pgErrorCode(e.cause) : undefined;
}

export const isUniqueViolation = (err: unknown) => pgErrorCode(err) === '23505';
export const isCheckViolation = (err: unknown) => pgErrorCode(err) === '23514';

/** Optimistic lock: an UPDATE ... WHERE version = ? that touched nothing means someone else got there first. */
export function assertUpdated<T>(row: T | undefined): T {
  if (row === undefined) throw new TRPCError({ code: 'CONFLICT', message: STALE_VERSION_MESSAGE });
  return row;
}

/** Drops keys whose value is undefined, so an update only sets the fields the caller named. */
export function definedOnly<T extends Record<string, unknown>>(obj: T): Partial<T> {
  return Object.fromEntries(Object.entries(obj).filter(([, v]) => v !== undefined)) as Partial<T>;
}
