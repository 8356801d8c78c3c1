// Background work with three server processes on one PostgreSQL database, started as `npm start` starts
// one: the periodic pass runs once per period across them; an SDTM run whose process is killed (SIGKILL)
// mid-run is finished by another and downloads correctly; an instance stopped with SIGTERM during a run
// exits within its bound and hands the run back at once, and another finishes it.
// Only with TEST_DATABASE_URL (the embedded PGlite is one process by design).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import PgBoss from 'pg-boss';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { connect, migrateToLatest, seedDemoData, sql, type DbHandle } from '@ctp/db';
import { serverUrl } from './support/global-setup.ts';
import { logIn, startInstance, stopInstances, type Instance } from './support/instances.ts';
import { TEST_PASSWORD } from './support/db.ts';
import { readXpt } from '../src/modules/cdisc/formats/xpt.ts';

const base = process.env.TEST_DATABASE_URL;
const PERIOD = 10; // INSIGHTS_INTERVAL_SECONDS (its minimum)
const SHUTDOWN_BOUND = 15; // SHUTDOWN_TIMEOUT_SECONDS
const METRICS_TOKEN = 'scale-out-metrics-token-2026';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!base)('background jobs across three instances', () => {
  const name = `ctp_queue_${crypto.randomBytes(4).toString('hex')}`;
  const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ctp-queue-files-'));
  let database: DbHandle;
  let instances: Instance[] = [];
  let studyId: number;
  const byName = new Map<string, Instance>();

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = serverUrl(base!, name);
    database = await connect({ databaseUrl: url, poolSize: 4 });
    await migrateToLatest(database.db);
    // A study large enough that its SDTM run lasts a few seconds: each study screens 8 times its subjects.
    await seedDemoData(database.db, { password: TEST_PASSWORD, storageDir, subjectsFactor: 8 });
    const s = await sql<{ id: number }>`
      select p.study_id as id from patients p join study_memberships m on m.study_id = p.study_id
        join users u on u.id = m.user_id and u.email = 'data-manager@demo.local'
       group by p.study_id order by count(*) desc limit 1`.execute(database.db);
    studyId = s.rows[0]!.id;
    instances = await Promise.all(
      ['a', 'b', 'c'].map(async (n) => {
        const i = await startInstance({
          databaseUrl: url,
          env: {
            STORAGE_DIR: storageDir,
            INSIGHTS_INTERVAL_SECONDS: String(PERIOD),
            JOB_POLL_SECONDS: '0.5',
            JOB_RECLAIM_SECONDS: '3',
            SHUTDOWN_TIMEOUT_SECONDS: String(SHUTDOWN_BOUND),
            SESSION_CACHE_SECONDS: '0',
            METRICS_TOKEN,
            // names the instance's connections, so the run's advisory lock tells which instance runs it
            PGAPPNAME: `ctp-instance-${n}`,
          },
        });
        byName.set(`ctp-instance-${n}`, i);
        return i;
      }),
    );
  }, 600_000);

  afterAll(async () => {
    await stopInstances(instances, 5000);
    await database?.close();
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    fs.rmSync(storageDir, { recursive: true, force: true });
  }, 60_000);

  const alive = () => instances.filter((i) => i.child.exitCode === null && i.child.signalCode === null);

  /** Which instance holds the run's advisory lock (works on it), from PostgreSQL's lock table. */
  async function holderOf(runId: number, lockClass = 72_001): Promise<Instance | undefined> {
    const r = await sql<{ app: string }>`
      select a.application_name as app from pg_locks l join pg_stat_activity a on a.pid = l.pid
       where l.locktype = 'advisory' and l.granted and l.classid = ${lockClass} and l.objid = ${runId}`.execute(database.db);
    return r.rows[0] ? byName.get(r.rows[0].app) : undefined;
  }
  const runOf = (runId: number) => database.db.selectFrom('sdtmRuns').select(['status', 'progress', 'step', 'error']).where('id', '=', runId).executeTakeFirstOrThrow();

  async function startRun(on: Instance): Promise<number> {
    const cookie = await logIn(on, 'data-manager@demo.local', TEST_PASSWORD);
    const res = await fetch(`${on.url}/api/cdisc/export-sdtm`, {
      method: 'POST',
      headers: { cookie, origin: on.url, 'content-type': 'application/json' },
      body: JSON.stringify({ studyId }),
    });
    expect(res.status).toBe(202);
    return ((await res.json()) as { runId: number }).runId;
  }
  /** Waits until an instance works on the run past its first batch, and returns that instance. */
  async function runningOn(runId: number): Promise<Instance> {
    for (const deadline = Date.now() + 60_000; Date.now() < deadline; await sleep(25)) {
      const run = await runOf(runId);
      expect(run.status).toBe('running');
      const holder = await holderOf(runId);
      if (holder && run.progress > 1) return holder;
    }
    throw new Error('the run did not start');
  }
  async function finished(runId: number, timeoutMs = 180_000) {
    for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await sleep(250)) {
      const run = await runOf(runId);
      if (run.status !== 'running') return run;
    }
    throw new Error('the run did not finish');
  }
  async function download(on: Instance, runId: number, file: string): Promise<Buffer> {
    const cookie = await logIn(on, 'data-manager@demo.local', TEST_PASSWORD);
    const res = await fetch(`${on.url}/api/cdisc/sdtm/${runId}/${file}`, { headers: { cookie } });
    expect(res.status, file).toBe(200);
    return Buffer.from(await res.arrayBuffer());
  }

  it('runs the periodic pass once per period across the three', async () => {
    // each pass stores one insight snapshot (its last step)
    const count = async () => (await sql<{ snapshots: number }>`select count(*)::int as snapshots from insight_snapshots`.execute(database.db)).rows[0]!;
    // from the start of a period slot, three periods
    await sleep((PERIOD - ((Date.now() / 1000) % PERIOD)) * 1000 + 500);
    const before = await count();
    await sleep(3 * PERIOD * 1000);
    const after = await count();
    const passes = after.snapshots - before.snapshots;
    console.warn(`periodic pass: ${passes} runs in 3 periods of ${PERIOD} s across 3 instances`);
    // three periods: three passes (one may straddle an edge), where each instance on its own would make nine
    expect(passes).toBeGreaterThanOrEqual(2);
    expect(passes).toBeLessThanOrEqual(4);
  }, 120_000);

  let killedRunId = 0;
  it('finishes an SDTM run whose process was killed mid-run on another instance', async () => {
    const runId = (killedRunId = await startRun(instances[0]!));
    const victim = await runningOn(runId);
    const atKill = await runOf(runId);
    victim.child.kill('SIGKILL');
    await victim.exited;
    expect(atKill.progress).toBeLessThan(100);
    const killedAt = Date.now();
    const run = await finished(runId);
    expect(run).toMatchObject({ status: 'done', progress: 100, error: null });
    console.warn(`SIGKILL at ${atKill.progress} % (${atKill.step}); finished by another instance ${((Date.now() - killedAt) / 1000).toFixed(1)} s later`);
    // no dataset twice: the first attempt's output was dropped before the restart
    const datasets = await database.db.selectFrom('sdtmRunDatasets').select(['domain', 'records']).where('runId', '=', runId).execute();
    expect(new Set(datasets.map((d) => d.domain)).size).toBe(datasets.length);
    // DM: one row per subject of the study, downloaded from a surviving instance
    const survivor = alive()[0]!;
    const dm = readXpt(await download(survivor, runId, 'dm.xpt'));
    const subjects = await database.db.selectFrom('patients').select((eb) => eb.fn.countAll<number>().as('n')).where('studyId', '=', studyId).executeTakeFirstOrThrow();
    expect(dm.rows.length).toBe(Number(subjects.n));
    const usubjid = dm.variables.findIndex((v) => v.name === 'USUBJID');
    expect(new Set(dm.rows.map((r) => r[usubjid])).size).toBe(dm.rows.length);
    expect(datasets.find((d) => d.domain === 'DM')!.records).toBe(dm.rows.length);
  }, 300_000);

  it('stops an instance with SIGTERM during a run within its bound; the run is handed back and finished by another', async () => {
    expect(alive().length).toBe(2);
    const runId = await startRun(alive()[0]!);
    const holder = await runningOn(runId);
    const sentAt = Date.now();
    holder.child.kill('SIGTERM');
    const code = await holder.exited;
    const exitedAt = Date.now();
    expect(code).toBe(0);
    expect(exitedAt - sentAt).toBeLessThan(SHUTDOWN_BOUND * 1000);
    // handed back by the stopping instance itself: a job for the run created between the signal and the exit
    const handedBack = await sql<{ n: number }>`
      select count(*)::int as n from pgboss.job
       where name = 'sdtm-generate' and singleton_key = ${`sdtm-${runId}`}
         and created_on >= to_timestamp(${(sentAt - 1000) / 1000}) and created_on <= to_timestamp(${(exitedAt + 500) / 1000})`.execute(database.db);
    expect(handedBack.rows[0]!.n).toBe(1);
    const run = await finished(runId);
    expect(run).toMatchObject({ status: 'done', progress: 100, error: null });
    console.warn(`SIGTERM: exited after ${exitedAt - sentAt} ms (bound ${SHUTDOWN_BOUND} s); run finished ${((Date.now() - exitedAt) / 1000).toFixed(1)} s after the exit`);
    // the same datasets as the run that was killed (same data): the CSV files are byte for byte equal
    const survivor = alive()[0]!;
    for (const file of ['dm.csv', 'ae.csv', 'vs.csv']) {
      expect((await download(survivor, runId, file)).equals(await download(survivor, killedRunId, file)), file).toBe(true);
    }
  }, 300_000);

  it("reports the queue's depth, oldest waiting job and failures by job type in /metrics", async () => {
    const boss = new PgBoss({ connectionString: serverUrl(base!, name), schema: 'pgboss', max: 1 });
    await boss.start();
    try {
      // one job waiting an hour, one failed for good (run 0 does not exist: nothing would happen if it ran)
      // (the queue keeps one waiting job per key: two keys)
      await boss.send('sdtm-generate', { runId: 0, clientIp: null }, { startAfter: 3600, singletonKey: 'metrics-waiting' });
      const failing = await boss.send('sdtm-generate', { runId: 0, clientIp: null }, { startAfter: 3600, retryLimit: 0, singletonKey: 'metrics-failing' });
      await boss.fail('sdtm-generate', failing!);
    } finally {
      await boss.stop({ graceful: false });
    }
    await sleep(1100);
    const on = alive()[0]!;
    const res = await fetch(`${on.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(res.status).toBe(200);
    const families = parsePrometheusTextFormat(await res.text());
    const sample = (family: string) => families.find((f) => f.name === family)?.metrics.find((m) => m.labels?.type === 'sdtm-generate')?.value;
    expect(Number(sample('ctp_job_queue_depth'))).toBe(1);
    expect(Number(sample('ctp_job_queue_oldest_waiting_age_seconds'))).toBeGreaterThanOrEqual(1);
    expect(Number(sample('ctp_job_queue_failed'))).toBe(1);
    // the run tables' figures keep their names
    expect(families.find((f) => f.name === 'ctp_jobs')?.metrics.find((m) => m.labels?.type === 'sdtm_generation' && m.labels.status === 'done')?.value).toBe('2');
  }, 60_000);
});
