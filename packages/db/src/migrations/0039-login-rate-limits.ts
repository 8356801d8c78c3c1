// Issue 29: the log-in throttle counts across server processes. rate-limiter-flexible's PostgreSQL store
// keeps one row per client address and minute window here (its own layout: key, points used, expiry in
// epoch milliseconds). Operational counters, not records: not audited, and rows past their expiry are
// overwritten by the next attempt from the same address.
import { sql, type Kysely } from 'kysely';

const statements = [
  `CREATE TABLE login_rate_limits (
    key varchar(255) PRIMARY KEY,
    points integer NOT NULL DEFAULT 0,
    expire bigint
  )`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
