// Shared by `npm start` and `npm test`: install dependencies when node_modules is missing or the
// lockfile changed since the last install, and build the web app when its sources are newer.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync, statSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { execSync } from 'node:child_process';

const STAMP = 'node_modules/.ctp-lockfile-hash';

export function run(command, env = {}) {
  execSync(command, { stdio: 'inherit', env: { ...process.env, ...env } });
}

export function ensureInstalled() {
  const lockHash = createHash('sha256').update(readFileSync('package-lock.json')).digest('hex');
  const installed = existsSync(STAMP) ? readFileSync(STAMP, 'utf8').trim() : null;
  if (existsSync('node_modules') && installed === lockHash) return false;
  console.log(existsSync('node_modules') ? '» The lockfile changed: installing dependencies' : '» Installing dependencies');
  run('npm ci --no-audit --no-fund');
  writeFileSync(STAMP, lockHash);
  return true;
}

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  return Math.max(st.mtimeMs, ...readdirSync(path).map((f) => newestMtime(join(path, f))));
}

export function ensureWebBuilt(force = false) {
  const built = newestMtime('apps/web/dist/index.html');
  const sources = Math.max(
    ...['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'apps/web/public', 'packages/contracts/src'].map(newestMtime),
  );
  if (!force && built > sources) return false;
  console.log('» Building the web app');
  run('npm run build -w @ctp/web');
  return true;
}
