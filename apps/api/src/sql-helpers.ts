// Helpers every module's SQL shares: fragments, patterns, dates, and the driver errors a user's input
// can provoke, turned into the tRPC errors the API promises (never a 500 for something a user can type).
import { TRPCError } from '@trpc/server';
import { sql } from '@ctp/db';

/** A piece of SQL built with the `sql` tag (Kysely's RawBuilder), to compose into larger queries. */
export type Fragment<T = unknown> = ReturnType<typeof sql<T>>;

export const STALE_VERSION_MESSAGE = 'This record was changed by someone else; reload and try again';

/** The server's calendar date (UTC), the same 'today' the demo data is built around. */
export function todayIso(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** Whole days from one 'YYYY-MM-DD' date to another. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** A timestamp as it travels (ISO 8601 in UTC), or null; both drivers' Date or string values. */
export function isoOrNull(value: Date | string | null): string | null {
  return value ? new Date(value).toISOString() : null;
}

/** ILIKE pattern for "contains term": the term's own %, _ and \ match literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The SQLSTATE of a driver error (pg and PGlite both expose it as `code`, sometimes on a cause). */
export function pgErrorCode(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: unknown } | null | undefined;
  if (!e) return undefined;
  if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  return e.cause ? pgErrorCode(e.cause) : undefined;
}

export const isUniqueViolation = (err: unknown) => pgErrorCode(err) === '23505';
export const isCheckViolation = (err: unknown) => pgErrorCode(err) === '23514';

export function staleVersion(): TRPCError {
  return new TRPCError({ code: 'CONFLICT', message: STALE_VERSION_MESSAGE });
}

// Only a non-negative integer is ever written into a statement's text.
const isCount = (n: number) => Number.isSafeInteger(n) && n >= 0;

/** The deepest OFFSET written into a statement as a literal (see pageWindow). */
export const LITERAL_OFFSET_MAX = 1_000;

/**
 * A page's LIMIT and OFFSET as SQL, and `bound(n)` for another row bound of the same page. Down to
 * LITERAL_OFFSET_MAX they are literals (integers the contracts validated), not parameters: for a
 * prepared statement whose LIMIT or OFFSET is a parameter, PostgreSQL's reusable plan assumes a tenth of
 * all rows are wanted, looks too costly, and the statement is planned anew on every call (about 1 of
 * the patients list's 2.3 ms at scale 100). With literals one plan per page is kept and reused. Each
 * page is then a statement text of its own, so deeper pages, which few people open, keep parameters:
 * the texts a connection prepares stay few.
 */
export function pageWindow(page: { limit: number; offset: number }) {
  const literal = isCount(page.limit) && isCount(page.offset) && page.offset <= LITERAL_OFFSET_MAX;
  const bound = (n: number): Fragment<number> => (literal && isCount(n) ? sql.lit(n) : sql<number>`${n}`);
  return { limit: bound(page.limit), offset: bound(page.offset), bound };
}

/**
 * `limit <literal> offset <hidden>`, for a statement whose other values are all hidden too: one plan
 * then serves every page, and the planner still knows a page is `limit` rows (hiding the limit as well
 * made it expect a tenth of the table and join the page's rows by walking the whole primary key).
 */
export function hiddenOffsetWindow(page: { limit: number; offset: number }): Fragment {
  if (!isCount(page.limit) || !isCount(page.offset)) throw new RangeError('A page is bounded by non-negative integers');
  return sql`limit ${sql.lit(page.limit)} offset ${hiddenValue(page.offset, 'int')}`;
}

/**
 * A value PostgreSQL cannot see when it plans: `(select $1::type)`, evaluated once per execution. In a
 * statement whose values are all hidden so, a plan made for one call's values is estimated exactly like
 * the reusable plan, and PostgreSQL keeps the reusable one instead of planning each call anew. Only for
 * statements whose best plan does not hinge on the values (the patients search, filters.ts).
 */
export function hiddenValue(value: string | number, type: 'text' | 'int'): Fragment {
  return type === 'text' ? sql`(select ${value}::text)` : sql`(select ${value}::int)`;
}

/** hiddenValue for an id array, cast so that `= any(...)` reads it as an array, not as a subquery. */
export function hiddenIds(ids: readonly number[]): Fragment {
  return sql`(select ${intArrayLiteral(ids)}::int[])::int[]`;
}

/**
 * Ints as one PostgreSQL array literal ('{1,2,3}'), the parameter for `$n::int[]`. Given a JavaScript
 * array, pg builds that text itself one element at a time, five strings per element: for a 200-study
 * scope, sent two or three times per statement, a third of all the API allocated per list call, and
 * the young-generation collections (which pause every request in flight) grew with it.
 */
export function intArrayLiteral(ids: readonly number[]): string {
  if (!ids.every(Number.isSafeInteger)) throw new RangeError('An id array holds integers only');
  return `{${ids.join(',')}}`;
}

/**
 * A timestamptz as the contracts' timestamp, written by PostgreSQL for JSON it builds: ISO 8601 in UTC
 * with milliseconds, as JavaScript's toISOString writes it (whatever the session's time zone).
 */
export function isoTimestamp(value: Fragment): Fragment<string> {
  return sql<string>`to_char(${value} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** Optimistic lock: an UPDATE ... WHERE version = ? that touched nothing means someone else got there first. */
export function assertUpdated<T>(row: T | undefined): T {
  if (row === undefined) throw staleVersion();
  return row;
}

/** Drops keys whose value is undefined, so an update only sets the fields the caller named. */
export function definedOnly<T extends Record<string, unknown>>(obj: T): Partial<T> {
  return Object.fromEntries(Object.entries(obj).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/**
 * One page and the number of all the rows its filter selects, from a single statement whose rows each
 * carry that number as `total` (an uncorrelated subquery, computed once): one round trip instead of a
 * count and a page. An empty page tells the total only when it is the first (then there are none);
 * past the last page, `countAll` counts them.
 */
export async function withTotal<R extends { total: number | string | bigint | null }>(
  rows: R[],
  offset: number,
  countAll: () => Promise<number>,
): Promise<{ total: number; rows: Omit<R, 'total'>[] }> {
  const total = rows.length > 0 ? Number(rows[0]!.total) : offset === 0 ? 0 : await countAll();
  return { total, rows: rows.map((row) => omitColumns(row, 'total')) };
}

/**
 * A copy of a row without some of its columns, for the rows of a page. Object rest with named keys
 * (`{ a, ...rest } = row`) costs V8 five times as much per row (100 vs 20 µs for a page of 24 rows of 25
 * columns), and list responses copy every row.
 */
export function omitColumns<R extends object, K extends keyof R>(row: R, ...keys: K[]): Omit<R, K> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(row)) {
    if (!keys.includes(key as K)) out[key] = row[key as keyof R];
  }
  return out as Omit<R, K>;
}
