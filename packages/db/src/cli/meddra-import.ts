// npm run meddra:import -- <MedAscii folder>   (loads a licensed MedDRA release; see README "Medical coding")
// With the embedded database, stop the server first (one process owns its data directory) or import on /coding.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { migrateToLatest } from '../index.ts';
import { readMeddraAscii } from '../coding/meddra-ascii.ts';
import { importMeddraRelease } from '../coding/import.ts';
import { runCommand } from './run-command.ts';

const folder = process.argv[2];
if (!folder) {
  console.error('Usage: npm run meddra:import -- <path to the MedAscii folder>');
  process.exit(2);
}

/** The folder's .asc files, read before the database is opened, so a wrong path costs nothing. */
function readFolder(dir: string): Record<string, string> {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    throw new Error(`Cannot read the folder ${dir}: give the path of the MedAscii folder of a MedDRA release.`);
  }
  return Object.fromEntries(names.filter((f) => f.toLowerCase().endsWith('.asc')).map((f) => [f, readFileSync(path.join(dir, f), 'utf8')]));
}

let release: ReturnType<typeof readMeddraAscii>;
try {
  release = readMeddraAscii(readFolder(folder));
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}

await runCommand({ databaseUrl: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR }, async ({ db }) => {
  await migrateToLatest(db);
  const { terms } = await importMeddraRelease(db, release, { userId: null, reason: `MedDRA ${release.version} imported from the command line` });
  console.log(`MedDRA ${release.version} (${release.language}): ${terms} lowest level terms loaded.`);
});
