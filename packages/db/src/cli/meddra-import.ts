// npm run meddra:import -- <MedAscii folder>   (loads a licensed MedDRA release; see README "Medical coding")
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { connect, migrateToLatest } from '../index.ts';
import { readMeddraAscii } from '../coding/meddra-ascii.ts';
import { importMeddraRelease } from '../coding/import.ts';

const folder = process.argv[2];
if (!folder) {
  console.error('Usage: npm run meddra:import -- <path to the MedAscii folder>');
  process.exit(2);
}
const files = Object.fromEntries(
  readdirSync(folder)
    .filter((f) => f.toLowerCase().endsWith('.asc'))
    .map((f) => [f, readFileSync(path.join(folder, f), 'utf8')]),
);
const handle = await connect({ databaseUrl: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR });
try {
  await migrateToLatest(handle.db);
  const release = readMeddraAscii(files);
  const { terms } = await importMeddraRelease(handle.db, release, { userId: null, reason: `MedDRA ${release.version} imported from the command line` });
  console.log(`MedDRA ${release.version} (${release.language}): ${terms} lowest level terms loaded.`);
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
} finally {
  await handle.close();
}
