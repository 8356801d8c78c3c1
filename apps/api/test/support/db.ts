// A fresh, migrated database for one test file: PostgreSQL (from the template) when
// TEST_DATABASE_URL is set, otherwise an in-memory PGlite. Never a mocked database.
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { connect, migrateToLatest, seedDemoData, pgliteOptions, type DbHandle } from '@ctp/db';
import { TEMPLATE_DB, serverUrl } from './global-setup.ts';
import { proposeUncodedAdverseEvents } from '../../src/modules/coding/pending.ts';

export const TEST_TODAY = new Date().toISOString().slice(0, 10);
export const TEST_PASSWORD = 'Test-Password-2026';
/** Trial master file storage for this test process (content-addressed, so test files can share it). */
export const TEST_STORAGE_DIR = path.join(os.tmpdir(), 'ctp-test-files');

export interface TestDatabase {
  database: DbHandle;
  cleanup(): Promise<void>;
}

export async function createTestDatabase(opts: { seed?: boolean } = {}): Promise<TestDatabase> {
  const base = process.env.TEST_DATABASE_URL;
  let database: DbHandle;
  let drop = async () => {};
  if (base) {
    const name = `ctp_test_${crypto.randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DB}`);
    await admin.end();
    database = await connect({ databaseUrl: serverUrl(base, name), poolSize: 4 });
    drop = async () => {
      const a = new pg.Client({ connectionString: base });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    };
  } else {
    const pglite = await PGlite.create(pgliteOptions);
    database = await connect({ pglite });
    await migrateToLatest(database.db);
  }
  if (opts.seed) {
    await seedDemoData(database.db, { password: TEST_PASSWORD, today: TEST_TODAY, storageDir: TEST_STORAGE_DIR });
    // As `npm start` does after loading the demo (main.ts).
    await proposeUncodedAdverseEvents(database.db);
  }
  return {
    database,
    async cleanup() {
      await database.close();
      await drop();
    },
  };
}
