// npm run db:seed -- --scale N   (loads demo data into an empty database)
import path from 'node:path';
import { parseArgs } from 'node:util';
import { migrateToLatest, seedDemoData } from '../index.ts';
import { runCommand } from './run-command.ts';

const { values } = parseArgs({ options: { scale: { type: 'string', default: '1' } } });
const scale = Number(values.scale);
if (!Number.isInteger(scale) || scale < 1 || scale > 1000) {
  console.error('--scale must be a whole number from 1 to 1000');
  process.exit(2);
}
await runCommand({ databaseUrl: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR }, async ({ db }) => {
  await migrateToLatest(db);
  const started = Date.now();
  const summary = await seedDemoData(db, {
    scale,
    password: process.env.DEMO_PASSWORD,
    // The API's storage directory (STORAGE_DIR, else DATA_DIR/files), where the demo TMF's files go.
    storageDir: process.env.STORAGE_DIR ?? path.join(process.env.DATA_DIR ?? '.data', 'files'),
  });
  console.log(`Loaded scale ${scale} in ${((Date.now() - started) / 1000).toFixed(1)} s:`, summary);
});
