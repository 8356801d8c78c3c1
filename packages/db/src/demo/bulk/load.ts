// The demo data at benchmark scale, loaded with COPY (npm run db:seed -- --scale N on PostgreSQL): the
// same generator as seed.ts, the same rows, but each unit's rows are streamed with COPY on one
// connection and its audit trail is written in bulk (bulk-audit.ts), so that a million subjects load in
// minutes rather than hours. PostgreSQL only (COPY FROM STDIN); PGlite keeps seedDemoData's own path.
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { withActor } from '../../actor.ts';
import { pgTypes } from '../../connect.ts';
import { CamelCaseRowsPlugin } from '../../camel-case-rows.ts';
import type { Database } from '../../schema.ts';
import type { LoadUnit } from '../row-writer.ts';
import { seedDemoData, type SeedOptions, type SeedSummary } from '../seed.ts';
import { copyWriter } from './copy-writer.ts';
import { withBulkAudit } from './bulk-audit.ts';
import { LoadTimings, statementLabel } from './timings.ts';

export async function bulkSeedDemoData(
  databaseUrl: string,
  opts: Omit<SeedOptions, 'unit'> = {},
  timings = new LoadTimings(),
  /** Called after each unit (a transaction: a study, its TMF, or a first table) with how many are done. */
  onUnit?: (units: number) => void,
): Promise<SeedSummary> {
  const client = new pg.Client({ connectionString: databaseUrl, types: pgTypes });
  await client.connect();
  // A crash loses at most the last units committed (and they are reloaded with the rest), never
  // consistency; not waiting for each commit's flush saves a disk round trip per unit.
  await client.query('set synchronous_commit = off');
  // Kysely over this one connection, so that the generator's own statements and the COPY streams share
  // each unit's transaction.
  const pool = { connect: async () => Object.assign(client, { release() {} }), end: () => client.end() };
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    plugins: [new CamelCaseRowsPlugin()],
    // The generator's own statements, timed by what they do to which table (the profile npm run db:seed prints).
    log: (event) => timings.add(`SQL ${statementLabel(event.query.sql)}`, event.queryDurationMillis),
  });
  let units = 0;
  const unit: LoadUnit = async (work) => {
    const result = await withActor(db, { userId: null, reason: 'Demo data load' }, (tx) =>
      withBulkAudit(client, () => work(tx, copyWriter(client, timings)), timings),
    );
    // Fresh statistics each time the tables have about doubled: a table never analysed is planned as if
    // a third of it matched any range, so the unit's "id > watermark" and per-study joins read whole
    // tables, once per unit (quadratic in the scale). Log2(units) passes, each of a bounded sample.
    units++;
    if ((units & (units - 1)) === 0 && units >= 8) await timings.time('ANALYZE', () => client.query('ANALYZE'));
    if (onUnit) onUnit(units);
    return result;
  };
  try {
    const summary = await seedDemoData(db, { ...opts, unit });
    // Planner statistics for the tables just filled (autovacuum would get there later).
    await timings.time('ANALYZE', () => client.query('ANALYZE'));
    return summary;
  } finally {
    await db.destroy();
  }
}
