// npm start: install what is missing, build, then run the server, which migrates, loads demo data
// into an empty database and serves the app on http://localhost:${PORT:-3000}.
import { spawn } from 'node:child_process';
import { ensureInstalled, ensureWebBuilt } from './setup.mjs';

const t0 = Date.now();
ensureInstalled();
ensureWebBuilt();
console.log(`» Prepared in ${((Date.now() - t0) / 1000).toFixed(1)} s; starting the server`);
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], { stdio: 'inherit' });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code) => process.exit(code ?? 0));
