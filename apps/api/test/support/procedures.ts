// Helpers for procedure tests: a caller for every demo role, the tRPC error a call fails with, and
// CSV downloads read back with csv-parse (strict: every record as wide as the header).
import { expect } from 'vitest';
import { TRPCError } from '@trpc/server';
import { parse } from 'csv-parse/sync';
import { ROLES, type Role } from '@ctp/contracts';
import type { DbHandle } from '@ctp/db';
import { callerAs, demoEmail } from './app.ts';

export type Caller = Awaited<ReturnType<typeof callerAs>>;

/** One procedure caller per demo role, keyed by role. */
export async function callersForEveryRole(database: DbHandle): Promise<Record<Role, Caller>> {
  const entries = await Promise.all(ROLES.map(async (role) => [role, await callerAs(database, demoEmail(role))] as const));
  return Object.fromEntries(entries) as Record<Role, Caller>;
}

/** Expects the call to fail with this tRPC code (and message); returns the error. */
export async function rejects(promise: Promise<unknown>, code: TRPCError['code'], message?: RegExp | string) {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(TRPCError);
  expect((err as TRPCError).code).toBe(code);
  if (message) expect((err as TRPCError).message).toMatch(message);
  return err as TRPCError;
}

/** The tRPC error code a call fails with (throws when it succeeds). */
export async function codeOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (err) {
    if (err instanceof TRPCError) return err.code;
    throw err;
  }
  throw new Error('expected the call to fail');
}

/** The error message a call fails with (throws when it succeeds). */
export async function messageOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error('expected the call to fail');
}

/** CSV text as records, the header first; a record of another width than the header fails the parse. */
export function parseCsv(text: string): string[][] {
  return parse(text, { relax_column_count: false }) as string[][];
}

/** CSV records (header first) as objects keyed by the header. */
export const csvObjects = (records: string[][]) =>
  records.slice(1).map((r) => Object.fromEntries(records[0]!.map((h, k) => [h, r[k]!])));
