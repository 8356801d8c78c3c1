// Serves the built app for end-to-end tests on a fresh embedded database loaded with demo data.
import { rmSync } from 'node:fs';
import { spawn } from 'node:child_process';

// One folder per port, so two runs on different ports never share a database.
const dataDir = `.data/e2e-${process.env.PORT ?? 3199}`;
rmSync(dataDir, { recursive: true, force: true });
const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
  stdio: 'inherit',
  // Every test logs in from 127.0.0.1: the per-address log-in limit is for people, not for the suite.
  env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', HOST: '127.0.0.1', INSIGHTS_INTERVAL_SECONDS: '30', LOGIN_ATTEMPTS_PER_MINUTE: '10000' },
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
