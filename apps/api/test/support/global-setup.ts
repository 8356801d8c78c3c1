// With TEST_DATABASE_URL (CI): migrate a template database once; each test file then gets its own
// database created from it. Without it, each test file runs an in-memory PGlite.
import pg from 'pg';
import { connect, migrateToLatest } from '@ctp/db';

export const TEMPLATE_DB = 'ctp_test_template';

export function serverUrl(databaseUrl: string, database: string) {
  const url = new URL(databaseUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

export default async function setup() {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`);
  await admin.end();
  const handle = await connect({ databaseUrl: serverUrl(base, TEMPLATE_DB), poolSize: 1 });
  await migrateToLatest(handle.db);
  await handle.close();
}
