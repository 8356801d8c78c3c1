import { connect, migrateToLatest } from '../index.ts';

const handle = await connect({ databaseUrl: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR });
try {
  const applied = await migrateToLatest(handle.db);
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date.');
} finally {
  await handle.close();
}
