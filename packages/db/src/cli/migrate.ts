import { migrateToLatest } from '../index.ts';
import { runCommand } from './run-command.ts';

await runCommand({ databaseUrl: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR }, async ({ db }) => {
  const applied = await migrateToLatest(db);
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date.');
});
