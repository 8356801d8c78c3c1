// The background work of one process (the embedded PGlite default, or wherever the in-process queue runs):
// at start the periodic pass runs and an SDTM run left 'running' by a stopped process is restarted from
// scratch and finished; a job failing is retried with back-off and its last attempt is flagged; a job sent
// after stop does not run.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlobStore, withActor } from '@ctp/db';
import { createTestDatabase, TEST_STORAGE_DIR, type TestDatabase } from './support/db.ts';
import { testConfig } from './support/app.ts';
import { createLogger } from '../src/logger.ts';
import { startBackgroundWork } from '../src/background.ts';
import { createInProcessQueue } from '../src/jobs/in-process.ts';
import { RETRY, type JobQueue } from '../src/jobs/queue.ts';
import { awaitSdtmRun } from '../src/modules/cdisc/sdtm/generate.ts';
import { currentStandard } from '../src/modules/cdisc/standards/current.ts';

let t: TestDatabase;
let jobs: JobQueue | undefined;

beforeAll(async () => {
  t = await createTestDatabase({ seed: true });
}, 300_000);
afterAll(async () => {
  await jobs?.stop(5000);
  await t.cleanup();
});

describe('in-process background work', () => {
  it('runs the periodic pass at start and restarts a run left running by a stopped process', async () => {
    const { db } = t.database;
    const admin = await db.selectFrom('users').select('id').where('email', '=', 'admin@demo.local').executeTakeFirstOrThrow();
    const study = await db.selectFrom('studies').select('id').orderBy('id').executeTakeFirstOrThrow();
    // what a process killed mid-run leaves: the run 'running' at 40 % with one dataset stored
    const runId = await withActor(db, { userId: admin.id, reason: 'Generate SDTM datasets' }, async (tx) => {
      const standard = await currentStandard(tx, 'SDTMIG');
      const run = await tx
        .insertInto('sdtmRuns')
        .values({ studyId: study.id, status: 'running', progress: 40, step: 'Writing DM', startedBy: admin.id, standardId: standard?.id ?? null, encoding: 'ascii' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await tx
        .insertInto('sdtmRunDatasets')
        .values({ runId: run.id, domain: 'DM', label: 'Demographics', records: 1, variables: '[]', valueMetadata: '[]', xptSha256: 'x', csvSha256: 'x', jsonSha256: 'x' })
        .execute();
      return run.id;
    });
    const snapshotsBefore = (await db.selectFrom('insightSnapshots').select('id').execute()).length;

    jobs = await startBackgroundWork({ database: t.database, config: testConfig({ INSIGHTS_INTERVAL_SECONDS: '3600' }), files: new BlobStore(TEST_STORAGE_DIR), logger: createLogger('silent') });
    // without DATABASE_URL in the config (tests), the in-process queue, on PGlite and PostgreSQL alike
    expect(jobs.kind).toBe('in-process');
    await awaitSdtmRun(runId);
    for (const deadline = Date.now() + 120_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 200))) {
      const run = await db.selectFrom('sdtmRuns').select('status').where('id', '=', runId).executeTakeFirstOrThrow();
      if (run.status !== 'running') break;
    }
    const run = await db.selectFrom('sdtmRuns').select(['status', 'progress', 'error']).where('id', '=', runId).executeTakeFirstOrThrow();
    expect(run).toEqual({ status: 'done', progress: 100, error: null });
    const datasets = await db.selectFrom('sdtmRunDatasets').select(['domain', 'records', 'xptSha256']).where('runId', '=', runId).execute();
    const dm = datasets.filter((d) => d.domain === 'DM');
    expect(dm).toHaveLength(1);
    expect(dm[0]!.xptSha256).toMatch(/^[0-9a-f]{64}$/);
    const subjects = await db.selectFrom('patients').select((eb) => eb.fn.countAll<number>().as('n')).where('studyId', '=', study.id).executeTakeFirstOrThrow();
    expect(dm[0]!.records).toBe(Number(subjects.n));
    for (const deadline = Date.now() + 60_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 200))) {
      if ((await db.selectFrom('insightSnapshots').select('id').execute()).length > snapshotsBefore) break;
    }
    expect(await db.selectFrom('insightSnapshots').select('id').execute()).toHaveLength(snapshotsBefore + 1);
  }, 300_000);

  it('retries a failing job with back-off, flags its last attempt, and runs nothing after stop', async () => {
    const failures: unknown[] = [];
    const queue = createInProcessQueue((_name, err) => failures.push(err));
    const attempts: { at: number; lastAttempt: boolean }[] = [];
    await queue.work('always-fails', async (_data, job) => {
      attempts.push({ at: Date.now(), lastAttempt: job.lastAttempt });
      throw new Error('refused');
    });
    const ran: number[] = [];
    await queue.work('records', async (data: { n: number }) => void ran.push(data.n));
    await queue.send('always-fails', {});
    for (const deadline = Date.now() + 30_000; failures.length === 0 && Date.now() < deadline; ) await new Promise((r) => setTimeout(r, 100));
    expect(attempts.map((a) => a.lastAttempt)).toEqual([...Array(RETRY.limit).fill(false), true]);
    // exponential back-off: each wait about twice the one before
    const waits = attempts.slice(1).map((a, k) => a.at - attempts[k]!.at);
    waits.forEach((w, k) => expect(w).toBeGreaterThanOrEqual(RETRY.delaySeconds * 1000 * 2 ** k - 50));
    expect(failures).toHaveLength(1);
    await queue.send('records', { n: 1 });
    await queue.stop(1000);
    await queue.send('records', { n: 2 });
    expect(ran).toEqual([1]);
  }, 60_000);
});
