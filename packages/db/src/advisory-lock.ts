// Work that must run once when several server processes start together on one PostgreSQL database
// (loading demo data into an empty database, issuing the first administrator's setup link): each
// process takes the same session-level advisory lock, so they run it one after another and each
// finds what the one before did. PostgreSQL releases the lock itself should the holder's connection
// die. The embedded PGlite serves one process only (connect.ts locks its directory): no lock there.
import type { DbHandle } from './connect.ts';

/** Runs `work` while holding the PostgreSQL advisory lock named `name`, waiting for it as long as it takes. */
export async function withAdvisoryLock<T>(handle: DbHandle, name: string, work: () => Promise<T>): Promise<T> {
  const pool = handle.pgPool;
  if (!pool) return work();
  // One pooled connection holds the lock while `work` uses the others (the pool has ten by default).
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('select pg_advisory_lock(hashtextextended($1, 0))', [name]);
    try {
      return await work();
    } finally {
      await client.query('select pg_advisory_unlock(hashtextextended($1, 0))', [name]).catch((err: Error) => {
        broken = err; // the connection is gone, and the lock with it
      });
    }
  } finally {
    client.release(broken);
  }
}
