// The one error boundary for tRPC and REST. An unexpected error answers 500 with a generic message and
// a correlation id; the log line carries the same id with the real error (its name, SQLSTATE, table,
// constraint and a message whose quoted parts are masked, since PostgreSQL quotes the offending value:
// 'invalid input syntax for type integer: "…"'). A lost database answers 503. Bodies never carry SQL,
// a stack or a database message.
import { randomUUID } from 'node:crypto';
import type { Logger } from '../logger.ts';

export const DATABASE_UNAVAILABLE_MESSAGE = 'The database is unavailable. Try again in a moment.';
export function internalErrorMessage(correlationId: string): string {
  return `Something went wrong on the server. Give this reference to your administrator: ${correlationId}`;
}

const DB_UNAVAILABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', '57P01', '57P02', '57P03', '08006', '08001', '08003', '08004']);
const UNAVAILABLE_MESSAGES = ['Connection terminated', 'timeout exceeded when trying to connect', 'Client has encountered a connection error', 'Connection ended'];

/** True when the error (or one of its causes) says the database cannot be reached. */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  const e = err as { code?: string; cause?: unknown; message?: string } | undefined;
  if (!e || depth > 5) return false;
  if (typeof e.code === 'string' && DB_UNAVAILABLE.has(e.code)) return true;
  if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.some((m) => e.message!.includes(m))) return true;
  return e.cause ? isDatabaseUnavailable(e.cause, depth + 1) : false;
}

const correlationIds = new WeakMap<object, string>();
/** One id per error object, whoever asks first (tRPC calls onError and the formatter separately). */
export function correlationIdOf(err: unknown): string {
  if (typeof err !== 'object' || err === null) return randomUUID();
  let id = correlationIds.get(err);
  if (!id) correlationIds.set(err, (id = randomUUID()));
  return id;
}

/** Quoted parts of a message masked: PostgreSQL and some libraries quote the offending value there. */
export function maskQuoted(message: string): string {
  return message.replace(/"[^"]*"|'[^']*'|\([^()]*\)=\([^()]*\)/g, '…').slice(0, 300);
}

/** What the log may hold of an error: its kind and where it came from, never a value. */
export function loggableError(err: unknown): Record<string, unknown> {
  const e = err as Record<string, unknown> | null;
  if (!e || typeof e !== 'object') return { type: typeof err };
  const pick = (key: string) => (typeof e[key] === 'string' ? (e[key] as string) : undefined);
  const out: Record<string, unknown> = {
    name: pick('name'),
    code: pick('code'),
    message: pick('message') ? maskQuoted(pick('message')!) : undefined,
    table: pick('table'),
    constraint: pick('constraint'),
    routine: pick('routine'),
    // The stack's frames (the first line repeats the message, which may hold a value).
    stack: pick('stack')?.split('\n').slice(1, 8).join('\n'),
  };
  if (e.cause && e.cause !== err) out.cause = loggableError(e.cause);
  return out;
}

/** Logs an unexpected failure under its correlation id; returns the id for the response. */
export function reportFailure(logger: Logger, err: unknown, where: Record<string, unknown>, idOf: unknown = err): string {
  const correlationId = correlationIdOf(idOf);
  if (isDatabaseUnavailable(err)) logger.error({ correlationId, ...where, err: loggableError(err) }, 'database unavailable');
  else logger.error({ correlationId, ...where, err: loggableError(err) }, 'request failed');
  return correlationId;
}
