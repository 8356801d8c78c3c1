// SDTM generation and validation on the job queue: their workers, and the reclaiming of runs whose process
// died. A run is 'running' from its request until its job ends it done or failed; if nobody holds its
// advisory lock (run-locks.ts), the process running it is gone (or its job waits in the queue) and a job
// is sent for it: the queue keeps one waiting job per run, and the lock lets one worker at a time run it.
import type { JobQueue } from '../../jobs/queue.ts';
import { SDTM_JOB, workSdtmRun, type RunJobDeps, type SdtmJobData } from './sdtm/generate.ts';
import { VALIDATION_JOB, workValidation, type ValidationJobData } from './validation/run.ts';
import { CORE_PACKAGE_JOB, workPackageValidation, type CorePackageJobData } from './validation/package/job.ts';
import { SITE_ARCHIVE_JOB, type SiteArchiveJobData } from '../site-archives/start.ts';
import { workSiteArchive } from '../site-archives/job.ts';

export const RECLAIM_JOB = 'cdisc-run-reclaim';

export async function workRunJobs(queue: JobQueue, deps: RunJobDeps): Promise<void> {
  await queue.work<SdtmJobData>(SDTM_JOB, (data, job) => workSdtmRun(deps, data, job));
  await queue.work<ValidationJobData>(VALIDATION_JOB, (data, job) => workValidation(deps, data, job));
  await queue.work<CorePackageJobData>(CORE_PACKAGE_JOB, (data, job) => workPackageValidation(deps, data, job));
  // Site close-out archives (modules/site-archives) share the runs' queue, locks and reclaiming.
  await queue.work<SiteArchiveJobData>(SITE_ARCHIVE_JOB, (data, job) => workSiteArchive(deps, data, job));
}

/** Sends a job for every run left 'running' that no worker holds; returns how many. */
export async function reclaimOrphanedRuns(queue: JobQueue, deps: RunJobDeps): Promise<number> {
  let sent = 0;
  for (const { id } of await deps.db.selectFrom('sdtmRuns').select('id').where('status', '=', 'running').execute()) {
    if (await deps.locks.isHeld('sdtm', id)) continue;
    await queue.send(SDTM_JOB, { runId: id, clientIp: null } satisfies SdtmJobData, { key: `sdtm-${id}` });
    sent += 1;
  }
  for (const { id } of await deps.db.selectFrom('sdtmValidationRuns').select('id').where('status', '=', 'running').execute()) {
    if (await deps.locks.isHeld('validation', id)) continue;
    await queue.send(VALIDATION_JOB, { validationRunId: id, clientIp: null } satisfies ValidationJobData, { key: `validation-${id}` });
    sent += 1;
  }
  for (const { id } of await deps.db.selectFrom('corePackageValidations').select('id').where('status', '=', 'running').execute()) {
    if (await deps.locks.isHeld('core-package', id)) continue;
    await queue.send(CORE_PACKAGE_JOB, { validationId: id, clientIp: null } satisfies CorePackageJobData, { key: `core-package-${id}` });
    sent += 1;
  }
  for (const { id } of await deps.db.selectFrom('siteArchives').select('id').where('status', '=', 'running').execute()) {
    if (await deps.locks.isHeld('site-archive', id)) continue;
    await queue.send(SITE_ARCHIVE_JOB, { archiveId: id, clientIp: null } satisfies SiteArchiveJobData, { key: `site-archive-${id}` });
    sent += 1;
  }
  return sent;
}
