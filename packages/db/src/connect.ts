// One connection factory for both backends. DATABASE_URL -> PostgreSQL through a pg Pool;
// unset -> embedded PGlite in DATA_DIR. Type parsers make both return the same JavaScript types:
// bigint and numeric as number, date as 'YYYY-MM-DD' string, timestamptz as Date.
import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import type { Database } from './schema.ts';
import { StatementCachingClient } from './statement-cache.ts';
import { CamelCaseRowsPlugin } from './camel-case-rows.ts';

const OID = { int8: 20, numeric: 1700, date: 1082 } as const;

export type Db = Kysely<Database>;

export interface DbHandle {
  db: Db;
  kind: 'postgres' | 'pglite';
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** The PostgreSQL pool itself, for stores that take one (the log-in throttle); absent for PGlite. */
  pgPool?: pg.Pool;
  /** PostgreSQL's pool: connections open, idle, requests waiting, and the size (metrics; absent for PGlite). */
  poolStats?(): { total: number; idle: number; waiting: number; max: number };
}

export interface ConnectOptions {
  databaseUrl?: string;
  dataDir?: string;
  /** An already open PGlite instance (tests share a migrated template through clone()). */
  pglite?: PGlite;
  poolSize?: number;
  onPoolError?: (err: Error) => void;
}

export const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === OID.int8 || oid === OID.numeric) return (v: string) => Number(v);
    if (oid === OID.date) return (v: string) => v;
    return pg.types.getTypeParser(oid, format);
  },
};

export const pgliteParsers = {
  [OID.int8]: (v: string) => Number(v),
  [OID.numeric]: (v: string) => Number(v),
  [OID.date]: (v: string) => v,
};

/** Options for every PGlite instance: the type parsers above and the extensions migrations use (pg_trgm: 0003). */
export const pgliteOptions = { parsers: pgliteParsers, extensions: { pg_trgm } };

const plugins = [new CamelCaseRowsPlugin()];

export async function connect(opts: ConnectOptions): Promise<DbHandle> {
  if (opts.databaseUrl) {
    // JIT compilation only pays off for long analytical queries; for this app's short ones it adds latency.
    // Read statements are prepared per connection (statement-cache.ts), under PostgreSQL's default
    // plan_cache_mode (auto): after five calls planned for their values, a statement keeps one generic
    // plan if that is estimated no costlier. A generic plan cannot see how many ids a `= any($1)` scope
    // array holds; where that misled it (a site's subjects filtered by a 200-study scope: 30 times
    // slower), the query probes by equality instead (sites/list.ts). An operator who meets another case
    // can force plans per call with ALTER DATABASE ... SET plan_cache_mode = force_custom_plan.
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolSize ?? 10,
      types: pgTypes,
      Client: StatementCachingClient,
      options: '-c jit=off',
      // A database that does not answer (a dropped network, not a refused port) fails a request within
      // seconds (503) instead of holding it open.
      connectionTimeoutMillis: 5_000,
      keepAlive: true,
    });
    // Without an error handler a PostgreSQL restart would crash the process; queries fail with 503 instead.
    pool.on('error', (err) => opts.onPoolError?.(err));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins });
    return {
      db,
      kind: 'postgres',
      ping: async () => void (await pool.query('select 1')),
      close: () => db.destroy(),
      pgPool: pool,
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: pool.options.max ?? 10 }),
    };
  }
  let releaseLock = () => {};
  let client = opts.pglite;
  if (!client) {
    const dataDir = path.resolve(opts.dataDir ?? '.data');
    fs.mkdirSync(dataDir, { recursive: true });
    releaseLock = acquireDataDirLock(dataDir);
    client = await PGlite.create(path.join(dataDir, 'pgdata'), pgliteOptions);
  }
  const pglite = client;
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite), plugins });
  return {
    db,
    kind: 'pglite',
    ping: async () => void (await pglite.query('select 1')),
    close: async () => {
      await db.destroy(); // the dialect's driver closes the PGlite instance
      if (!pglite.closed) await pglite.close();
      releaseLock();
    },
  };
}

/**
 * A PGlite data directory has no lock of its own: two processes opening it lose data silently.
 * The owner holds a lock file with its pid; a second process refuses to start while that pid lives.
 */
function acquireDataDirLock(dataDir: string): () => void {
  const lockPath = path.join(dataDir, 'server.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      return () => fs.rmSync(lockPath, { force: true });
    } catch (err: any) {
      if (err.code !== 'EEXIST') throw err;
      const pid = Number(fs.readFileSync(lockPath, 'utf8'));
      if (pid && pid !== process.pid && isAlive(pid)) {
        throw new Error(
          `The embedded database in ${dataDir} is in use by process ${pid}. Stop it first, or set DATA_DIR to another folder.`,
          { cause: err },
        );
      }
      fs.rmSync(lockPath, { force: true }); // stale lock of a process that is gone
    }
  }
  throw new Error(`Could not lock ${dataDir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err: any) {
    return err.code === 'EPERM';
  }
}
