// The queue on PostgreSQL: pg-boss (its own schema, pgboss, and its own small pool from DATABASE_URL).
// - run jobs ('short' policy): at most one waiting job per key, a running one does not block a new one,
//   so a job handed back (or re-sent for a run whose process died) is taken at once by another instance;
//   retried with exponential back-off; the expiry is long, since who is running a run is known from its
//   advisory lock (see run-locks.ts), not guessed from a timeout.
// - periodic jobs ('singleton' policy, never two at once): every instance sends one per period slot with
//   singletonSeconds, and the unique slot key makes one job of all those sends: once per period overall.
import PgBoss from 'pg-boss';
import { RETRY, delay, type JobHandler, type JobQueue } from './queue.ts';

export interface PgBossQueueOptions {
  connectionString: string;
  /** How often an idle worker looks for jobs. */
  pollingIntervalSeconds: number;
  onError: (name: string, err: unknown) => void;
}

const RUN_EXPIRY_SECONDS = 6 * 60 * 60;

export async function createPgBossQueue(o: PgBossQueueOptions): Promise<JobQueue> {
  const boss = new PgBoss({ connectionString: o.connectionString, schema: 'pgboss', max: 4, application_name: 'ctp-jobs' });
  boss.on('error', (err) => o.onError('pg-boss', err));
  await boss.start();

  const running = new Set<{ abort: AbortController; done: Promise<void> }>();
  const timers: NodeJS.Timeout[] = [];
  const names: string[] = [];
  let stopped = false;
  const workOptions = { includeMetadata: true as const, pollingIntervalSeconds: o.pollingIntervalSeconds };
  // Instances starting together may create the same queue at once, which can deadlock in PostgreSQL
  // (pg-boss makes a table per queue); creating is idempotent, so the loser tries again.
  const createQueue = async (name: string, options: Omit<PgBoss.Queue, 'name'>) => {
    for (let attempt = 1; ; attempt++) {
      if (await boss.getQueue(name)) return;
      try {
        return await boss.createQueue(name, { name, ...options });
      } catch (err) {
        if ((err as { code?: string }).code !== '40P01' || attempt >= 5) throw err;
        await delay(100 + Math.random() * 400);
      }
    }
  };

  return {
    kind: 'pg-boss',
    async send(name, data, options = {}) {
      await boss.send(name, data, { singletonKey: options.key });
    },
    async work<T extends object>(name: string, handler: JobHandler<T>) {
      await createQueue(name, { policy: 'short', retryLimit: RETRY.limit, retryDelay: RETRY.delaySeconds, retryBackoff: true, expireInSeconds: RUN_EXPIRY_SECONDS });
      names.push(name);
      await boss.work<T>(name, workOptions, async ([job]) => {
        if (!job) return;
        const abort = new AbortController();
        const entry = { abort, done: Promise.resolve() };
        const run = handler(job.data, { signal: abort.signal, lastAttempt: job.retryCount >= job.retryLimit });
        entry.done = run.then(() => undefined, () => undefined);
        running.add(entry);
        try {
          await run;
        } catch (err) {
          // Stopping: the job goes back to the queue now, as a new job, for another instance.
          if (abort.signal.aborted) return void (await boss.send(name, job.data, { singletonKey: job.singletonKey ?? undefined }));
          o.onError(name, err);
          throw err;
        } finally {
          running.delete(entry);
        }
      });
    },
    async every(name, seconds, handler) {
      // pg-boss refuses an expiration of 24 hours or more (a daily job, e.g. the benchmark's insights, would not start)
      await createQueue(name, { policy: 'singleton', retryLimit: 0, expireInSeconds: Math.min(Math.max(seconds * 4, 60), 23 * 3600) });
      names.push(name);
      await boss.work(name, workOptions, async () => {
        await handler().catch((err) => o.onError(name, err));
      });
      // Twice per period: every slot gets a send from every instance even as timers drift.
      const send = () => void boss.send(name, {}, { singletonKey: name, singletonSeconds: seconds }).catch((err) => o.onError(name, err));
      send();
      const timer = setInterval(send, (seconds * 1000) / 2);
      timer.unref();
      timers.push(timer);
    },
    async stop(timeoutMs) {
      if (stopped) return;
      stopped = true;
      for (const t of timers) clearInterval(t);
      // No new job here; those running stop early and are handed back (sent again) by their worker.
      for (const name of names) await boss.offWork(name);
      for (const r of running) r.abort.abort();
      const started = Date.now();
      await Promise.race([Promise.allSettled([...running].map((r) => r.done)), new Promise((r) => setTimeout(r, timeoutMs).unref())]);
      await boss.stop({ graceful: true, timeout: Math.max(1000, timeoutMs - (Date.now() - started)) });
    },
  };
}
