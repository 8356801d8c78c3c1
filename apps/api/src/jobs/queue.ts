// The one interface the app uses for background work: send a job, work a job type, run a periodic job,
// stop. Two implementations: pg-boss on PostgreSQL (several instances share the queue) and an in-process
// queue for the embedded PGlite (one process runs everything, as before).

export interface JobContext {
  /** Aborted when this instance stops: the handler stops early and the job is handed back to the queue. */
  signal: AbortSignal;
  /** No retry follows if this attempt fails: the handler records the failure for good. */
  lastAttempt: boolean;
}

export type JobHandler<T> = (data: T, job: JobContext) => Promise<void>;

export interface SendOptions {
  /** At most one waiting job per key (a job already running does not count). */
  key?: string;
}

export interface JobQueue {
  readonly kind: 'pg-boss' | 'in-process';
  send(name: string, data: object, options?: SendOptions): Promise<void>;
  work<T extends object>(name: string, handler: JobHandler<T>): Promise<void>;
  /** Runs the handler once per period of `seconds` across every instance sharing the queue. */
  every(name: string, seconds: number, handler: () => Promise<void>): Promise<void>;
  /** Stops taking jobs, aborts those running (handing them back) and waits for them, at most timeoutMs. */
  stop(timeoutMs: number): Promise<void>;
}

/** Retries with back-off for a failed attempt (a lost connection, a database restart). */
export const RETRY = { limit: 3, delaySeconds: 2 };

export const delay = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

/** A failure a later attempt may not meet: the database unreachable, restarting or the connection lost. */
export function isTransient(err: unknown): boolean {
  const code = String((err as { code?: unknown } | null)?.code ?? '');
  const message = String((err as { message?: unknown } | null)?.message ?? '');
  return /^(08|57P0)/.test(code) || ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE'].includes(code) || /Connection terminated/i.test(message);
}
