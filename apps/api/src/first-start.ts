// What a server does once before serving: migrate, load demo data into an empty database, and issue
// the first administrator's setup link. Several processes may start together on one PostgreSQL
// database (replicas behind a proxy, a rolling deployment): Kysely's Migrator takes an advisory lock
// of its own, and the rest runs under another, so the first process loads the demo data or issues
// the link and the others, waiting their turn, find it done.
import { databaseIsEmpty, migrateToLatest, pendingMigrations, seedDemoData, withAdvisoryLock, type DbHandle } from '@ctp/db';
import { storageDirOf, type Config } from './config.ts';
import type { Logger } from './logger.ts';
import { administratorExists, issueSetupLinkIfNeeded, setupLinkIssuedWithin } from './modules/auth/setup.ts';
import { proposeUncodedAdverseEvents } from './modules/coding/pending.ts';

/** A setup link this recent was printed by a process that started alongside: it is kept, not replaced. */
export const SIBLING_START_SECONDS = 60;

export interface FirstStart {
  seeded: boolean;
  /** The setup link this process prints; null when an administrator exists or a sibling printed one. */
  setupPath: string | null;
  /** True when a process that started alongside printed the open setup link. */
  setupLinkElsewhere: boolean;
}

/** Thrown when MIGRATE_ON_START=false and the database is behind the code. */
export class DatabaseBehindError extends Error {}

export async function firstStart(database: DbHandle, config: Config, logger: Logger): Promise<FirstStart> {
  const { db } = database;
  if (config.MIGRATE_ON_START) {
    const applied = await migrateToLatest(db);
    if (applied.length) logger.info({ applied }, 'migrations applied');
  } else {
    const pending = await pendingMigrations(db);
    if (pending.length) {
      throw new DatabaseBehindError(
        `The database lacks ${pending.length} migration(s), from ${pending[0]}: run \`npm run db:migrate\` first (MIGRATE_ON_START is false).`,
      );
    }
  }
  return withAdvisoryLock(database, 'ctp:first-start', async () => {
    let seeded = false;
    if (config.SEED_DEMO_DATA && (await databaseIsEmpty(db))) {
      const summary = await seedDemoData(db, { password: config.DEMO_PASSWORD, storageDir: storageDirOf(config) });
      // The demo's uncoded adverse events reach the coding queue as a submitted report's do.
      const proposedForCoding = await proposeUncodedAdverseEvents(db);
      logger.info({ ...summary, proposedForCoding }, 'demo data loaded');
      seeded = true;
    }
    if (await administratorExists(db)) return { seeded, setupPath: null, setupLinkElsewhere: false };
    // On PGlite one process owns the database: each start issues a new link, as documented.
    if (database.pgPool && (await setupLinkIssuedWithin(db, SIBLING_START_SECONDS))) {
      return { seeded, setupPath: null, setupLinkElsewhere: true };
    }
    return { seeded, setupPath: await issueSetupLinkIfNeeded(db), setupLinkElsewhere: false };
  });
}
