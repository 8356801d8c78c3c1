import { Migrator, type MigrationResultSet } from 'kysely';
import type { Db } from './connect.ts';
import { migrations } from './migrations/index.ts';

// Unordered: migrations built in parallel land in any order (0055 landed before 0049-0054), so a database
// that already ran a later-numbered one still takes an earlier-numbered one that arrives after it. Each
// migration touches only its own tables or adds to others, never depends on a higher number.
const migratorOf = (db: Db) => new Migrator({ db, provider: { getMigrations: async () => migrations }, allowUnorderedMigrations: true });

/**
 * Runs every pending migration; throws with the failing migration's name if one fails. On PostgreSQL,
 * Kysely's Migrator holds an advisory lock (pg_advisory_lock) around the run and reads what is pending
 * under it, so server processes starting together apply each migration once: the others wait, then
 * find nothing left to do.
 */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const { error, results }: MigrationResultSet = await migratorOf(db).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${(error as Error).message ?? error}`);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** The migrations not yet applied (a server started with MIGRATE_ON_START=false refuses a database that is behind). */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const all = await migratorOf(db).getMigrations();
  return all.filter((m) => !m.executedAt).map((m) => m.name);
}
