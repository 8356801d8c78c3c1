// npm run db:seed -- --scale N   (loads demo data into an empty database)
// On PostgreSQL a scale above 1 is loaded with COPY and a bulk-written audit trail (demo/bulk/load.ts);
// --insert keeps the row-by-row path (every row through withActor and the audit trigger). Scale 1 and
// PGlite always take that path.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { bulkSeedDemoData, LoadTimings, migrateToLatest, seedDemoData } from '../index.ts';
import { runCommand } from './run-command.ts';

const { values } = parseArgs({ options: { scale: { type: 'string', default: '1' }, insert: { type: 'boolean', default: false } } });
const scale = Number(values.scale);
if (!Number.isInteger(scale) || scale < 1 || scale > 1000) {
  console.error('--scale must be a whole number from 1 to 1000');
  process.exit(2);
}
const databaseUrl = process.env.DATABASE_URL;
await runCommand({ databaseUrl, dataDir: process.env.DATA_DIR }, async ({ db }) => {
  await migrateToLatest(db);
  const started = Date.now();
  const options = {
    scale,
    password: process.env.DEMO_PASSWORD,
    // The API's storage directory (STORAGE_DIR, else DATA_DIR/files), where the demo TMF's files go.
    storageDir: process.env.STORAGE_DIR ?? path.join(process.env.DATA_DIR ?? '.data', 'files'),
  };
  const bulk = Boolean(databaseUrl) && scale > 1 && !values.insert;
  const timings = new LoadTimings();
  // Progress every tenth of the units (4 first ones, then each study's, then each study's TMF): whether
  // a unit's time grows with the tables loaded before it.
  const units = 4 + 2 * (2 * scale);
  let lastMark = started;
  const progress = (done: number) => {
    if (done % Math.max(1, Math.round(units / 10)) !== 0) return;
    const now = Date.now();
    console.log(`  ${done}/${units} units, ${((now - started) / 1000).toFixed(1)} s (+${((now - lastMark) / 1000).toFixed(1)} s)`);
    lastMark = now;
  };
  const summary = bulk ? await bulkSeedDemoData(databaseUrl!, options, timings, progress) : await seedDemoData(db, options);
  console.log(`Loaded scale ${scale}${bulk ? ' with COPY' : ''} in ${((Date.now() - started) / 1000).toFixed(1)} s:`, summary);
  if (bulk) console.log(`Time by phase: ${timings.summary().join(', ')} (COPY is part of the unit work).`);
});
