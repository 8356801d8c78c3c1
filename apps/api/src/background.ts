// Background work: the job queue and what runs on it. On PostgreSQL, pg-boss, shared by every instance;
// on the embedded PGlite, the in-process queue (one process runs everything).
import type { BlobStore, Db, DbHandle } from '@ctp/db';
import type { Config } from './config.ts';
import type { Logger } from './logger.ts';
import type { JobQueue } from './jobs/queue.ts';
import { createInProcessQueue } from './jobs/in-process.ts';
import { createPgBossQueue } from './jobs/pg-boss-queue.ts';
import { memoryRunLocks, pgRunLocks } from './jobs/run-locks.ts';
import { RECLAIM_JOB, reclaimOrphanedRuns, workRunJobs } from './modules/cdisc/run-jobs.ts';
import { PERIODIC_PASS_JOB, runPeriodicPass } from './modules/dashboard/periodic-pass.ts';
import { NOTIFICATION_MAIL_JOB, sendNotificationMail } from './modules/notifications/mail.ts';
import { WEBHOOK_DELIVERY_JOB, deliverWebhooks } from './modules/webhooks/deliver.ts';

// Error names only: a job's error message may carry values.
const logFailure = (logger: Logger | undefined, name: string, err: unknown) =>
  logger?.error({ job: name, err: { name: (err as Error)?.name, code: (err as { code?: unknown })?.code } }, 'background job failed');

/** An in-process queue working the run jobs (the app's default when main.ts gives none; tests). */
export function localJobQueue(db: Db, files: BlobStore, logger?: Logger): JobQueue {
  const queue = createInProcessQueue((name, err) => logFailure(logger, name, err));
  void workRunJobs(queue, { db, files, locks: memoryRunLocks() });
  return queue;
}

export interface BackgroundDeps {
  database: DbHandle;
  config: Config;
  files: BlobStore;
  logger: Logger;
}

/** The process's queue with every worker and periodic job started (main.ts). */
export async function startBackgroundWork({ database, config, files, logger }: BackgroundDeps): Promise<JobQueue> {
  const { db } = database;
  const onError = (name: string, err: unknown) => logFailure(logger, name, err);
  const queue =
    database.pgPool && config.DATABASE_URL
      ? await createPgBossQueue({ connectionString: config.DATABASE_URL, pollingIntervalSeconds: config.JOB_POLL_SECONDS, onError })
      : createInProcessQueue(onError);
  const deps = { db, files, locks: database.pgPool ? pgRunLocks(database.pgPool) : memoryRunLocks() };
  await workRunJobs(queue, deps);
  const reclaim = async () => {
    const sent = await reclaimOrphanedRuns(queue, deps);
    if (sent) logger.warn({ runs: sent }, 'runs left running by a stopped process handed back to the queue');
  };
  // Several instances: a process may die at any time, so look often. One process: only at its start.
  if (queue.kind === 'pg-boss') await queue.every(RECLAIM_JOB, config.JOB_RECLAIM_SECONDS, reclaim);
  else await reclaim();
  await queue.every(PERIODIC_PASS_JOB, config.INSIGHTS_INTERVAL_SECONDS, () =>
    runPeriodicPass(db, (step, err) => logger.error({ step, err: { name: (err as Error).name } }, 'periodic pass step failed')),
  );
  await queue.every(NOTIFICATION_MAIL_JOB, config.NOTIFICATION_MAIL_SECONDS, async () => {
    const { failed } = await sendNotificationMail(db, config, (err) => logger.warn({ err: { name: (err as Error)?.name, code: (err as { code?: unknown })?.code } }, 'notification e-mail not sent'));
    if (failed) logger.warn({ failed }, 'notification e-mails to retry');
  });
  await queue.every(WEBHOOK_DELIVERY_JOB, config.WEBHOOK_DELIVERY_SECONDS, async () => {
    const { retrying, failed } = await deliverWebhooks(db);
    if (retrying || failed) logger.warn({ retrying, failed }, 'webhook deliveries not accepted');
  });
  return queue;
}
