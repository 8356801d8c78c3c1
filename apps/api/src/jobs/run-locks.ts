// Who is running a run: a session-level advisory lock keyed by the run, held on a connection of its own
// for the whole job. A process that dies drops its connection and with it the lock, so "running, and
// nobody holds its lock" means the run's process is gone and the run can be handed to another worker.
// On PGlite (one process) the same question is answered in memory.
import type pg from 'pg';

export type RunKind = 'sdtm' | 'validation' | 'core-package' | 'site-archive';
const LOCK_CLASS: Record<RunKind, number> = { sdtm: 72_001, validation: 72_002, 'core-package': 72_003, 'site-archive': 72_004 };

export interface HeldRun {
  /** Aborted if the lock's connection is lost (the lock may be gone: stop working on the run). */
  lost: AbortSignal;
  release(): Promise<void>;
}

export interface RunLocks {
  /** Takes the run's lock, or null when another worker holds it. */
  hold(kind: RunKind, id: number): Promise<HeldRun | null>;
  isHeld(kind: RunKind, id: number): Promise<boolean>;
}

export function pgRunLocks(pool: pg.Pool): RunLocks {
  return {
    async hold(kind, id) {
      const client = await pool.connect();
      const lost = new AbortController();
      const onError = () => lost.abort();
      client.on('error', onError);
      try {
        const { rows } = await client.query<{ got: boolean }>('select pg_try_advisory_lock($1, $2) as got', [LOCK_CLASS[kind], id]);
        if (!rows[0]?.got) {
          client.off('error', onError);
          client.release();
          return null;
        }
      } catch (err) {
        client.release(true);
        throw err;
      }
      return {
        lost: lost.signal,
        async release() {
          client.off('error', onError);
          // A broken connection is closed, not returned to the pool (its lock went with it).
          if (lost.signal.aborted) return void client.release(true);
          await client.query('select pg_advisory_unlock($1, $2)', [LOCK_CLASS[kind], id]).then(
            () => client.release(),
            () => client.release(true),
          );
        },
      };
    },
    async isHeld(kind, id) {
      // Try and give back at once, in one statement on one session.
      const { rows } = await pool.query<{ held: boolean }>(
        'select case when pg_try_advisory_lock($1, $2) then not pg_advisory_unlock($1, $2) else true end as held',
        [LOCK_CLASS[kind], id],
      );
      return rows[0]!.held;
    },
  };
}

export function memoryRunLocks(): RunLocks {
  const held = new Set<string>();
  return {
    async hold(kind, id) {
      const key = `${kind}:${id}`;
      if (held.has(key)) return null;
      held.add(key);
      return { lost: new AbortController().signal, release: async () => void held.delete(key) };
    },
    async isHeld(kind, id) {
      return held.has(`${kind}:${id}`);
    },
  };
}
