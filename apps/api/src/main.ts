// Read config, open the database, migrate, load demo data into an empty database, start the background
// jobs, listen, and shut down gracefully on SIGINT/SIGTERM (README: "Background jobs and shutdown").
import { BlobStore, connect, DEFAULT_DEMO_PASSWORD, DUAL_ROLE_DEMO_USER } from '@ctp/db';
import { ROLES } from '@ctp/contracts';
import { parseConfig, publicUrlOf, storageDirOf, type Config } from './config.ts';
import { firstStart } from './first-start.ts';
import { IdentityCache } from './modules/auth/identity-cache.ts';
import { listenForInvalidations } from './modules/auth/cache-invalidation.ts';
import { createLogger } from './logger.ts';
import express from 'express';
import { createApp, createMetrics } from './app.ts';
import { startBackgroundWork } from './background.ts';

const started = Date.now();
let config: Config;
try {
  config = parseConfig(process.env);
} catch (err) {
  console.error((err as Error).message);
  process.exit(2);
}
const logger = createLogger(config.LOG_LEVEL);
const database = await connect({
  databaseUrl: config.DATABASE_URL,
  dataDir: config.DATA_DIR,
  onPoolError: (err) => logger.warn({ code: (err as any).code }, 'database connection lost'),
}).catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});

// Migrations, demo data and the setup link, once even when several processes start together.
const { seeded, setupPath, setupLinkElsewhere } = await firstStart(database, config, logger).catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});

const jobs = await startBackgroundWork({ database, config, files: new BlobStore(storageDirOf(config)), logger });

// With several processes on PostgreSQL, each hears the changes that end cached sessions and scopes.
const identity = new IdentityCache(config.SESSION_CACHE_SECONDS);
const invalidations =
  config.DATABASE_URL && config.SESSION_CACHE_SECONDS > 0
    ? listenForInvalidations({ databaseUrl: config.DATABASE_URL, db: database.db, identity, logger })
    : undefined;

const metrics = createMetrics(database);
const app = createApp({ database, config, logger, metrics, identity, jobs });
// Metrics on an internal port of their own, when configured (no token there: keep the port internal).
const metricsServer = config.METRICS_PORT
  ? express().get('/metrics', metrics.handler()).listen(config.METRICS_PORT, config.METRICS_HOST)
  : undefined;
const server = app.listen(config.PORT, config.HOST, () => {
  const url = `http://localhost:${config.PORT}`;
  const lines = [
    '',
    `  Clinical trial platform is running at ${url}  (${database.kind === 'pglite' ? `embedded database in ${config.DATA_DIR}` : 'PostgreSQL'}, ready in ${((Date.now() - started) / 1000).toFixed(1)} s)`,
  ];
  if (seeded || !config.DATABASE_URL) {
    lines.push('', '  Demo logins (password ' + (config.DEMO_PASSWORD ? 'from DEMO_PASSWORD' : `"${DEFAULT_DEMO_PASSWORD}"`) + '):');
    for (const r of ROLES) lines.push(`    ${r}@demo.local`);
    lines.push(`    ${DUAL_ROLE_DEMO_USER.email}  (${DUAL_ROLE_DEMO_USER.description})`);
  }
  if (setupLinkElsewhere) {
    lines.push(
      '',
      '  No administrator exists yet. A server process that started alongside this one (within a minute) printed',
      '  the one-time setup link; a start later than that prints a new one.',
    );
  }
  // The one-time link goes to the console like the demo logins, never into the structured log (no tokens there).
  if (setupPath) {
    lines.push('', '  No administrator exists yet. Create the first one within 24 hours at this one-time link', '  (a new link is printed at each start until one exists):', `    ${publicUrlOf(config)}${setupPath}`);
  }
  console.warn(lines.join('\n') + '\n');
});

// Graceful shutdown: stop taking requests, let those in flight finish, stop the job workers (a running
// job is handed back to the queue, for another instance to take at once), then close the database; the
// process exits within SHUTDOWN_TIMEOUT_SECONDS whatever happens.
let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  const bound = config.SHUTDOWN_TIMEOUT_SECONDS * 1000;
  logger.info({ signal }, 'shutting down');
  setTimeout(() => {
    logger.warn('graceful shutdown took too long: exiting');
    process.exit(1);
  }, bound).unref();
  metricsServer?.close();
  const closed = new Promise((r) => server.once('close', r));
  server.close();
  server.closeIdleConnections();
  // requests still going shortly before the bound are cut, so the database closes in time
  setTimeout(() => server.closeAllConnections(), Math.max(0, bound - 2000)).unref();
  await Promise.all([closed, jobs.stop(Math.max(1000, bound - 3000))]);
  await invalidations?.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
