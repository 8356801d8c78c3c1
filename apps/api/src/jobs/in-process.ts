// The queue inside one process, for the embedded PGlite (which only one process may open): a job runs as
// soon as it is sent, retried with back-off when it fails; a periodic job runs at once and then every
// period, never overlapping itself.
import { RETRY, delay, type JobHandler, type JobQueue } from './queue.ts';

export function createInProcessQueue(onError: (name: string, err: unknown) => void): JobQueue {
  const handlers = new Map<string, JobHandler<any>>();
  const running = new Set<Promise<void>>();
  const timers: NodeJS.Timeout[] = [];
  const stopping = new AbortController();

  async function attempt(name: string, handler: JobHandler<any>, data: object) {
    for (let n = 0; ; n++) {
      const lastAttempt = n >= RETRY.limit;
      try {
        // Called synchronously from send (before any await), so the job is under way when send returns.
        await handler(data, { signal: stopping.signal, lastAttempt });
        return;
      } catch (err) {
        if (stopping.signal.aborted) return; // a run left 'running' restarts at the next start
        if (lastAttempt) return onError(name, err);
        await delay(RETRY.delaySeconds * 1000 * 2 ** n, stopping.signal);
      }
    }
  }
  const track = (p: Promise<void>) => {
    running.add(p);
    void p.finally(() => running.delete(p));
  };

  return {
    kind: 'in-process',
    async send(name, data) {
      const handler = handlers.get(name);
      if (!handler) throw new Error(`No worker for job ${name}`);
      if (stopping.signal.aborted) return;
      track(attempt(name, handler, data));
    },
    async work(name, handler) {
      handlers.set(name, handler as JobHandler<any>);
    },
    async every(name, seconds, handler) {
      let busy = false;
      const run = () => {
        if (busy || stopping.signal.aborted) return;
        busy = true;
        track(handler().catch((err) => onError(name, err)).finally(() => (busy = false)));
      };
      run();
      const timer = setInterval(run, seconds * 1000);
      timer.unref();
      timers.push(timer);
    },
    async stop(timeoutMs) {
      for (const t of timers) clearInterval(t);
      stopping.abort();
      await Promise.race([Promise.allSettled([...running]), delay(timeoutMs)]);
    },
  };
}
