// npm run bench:sdtm [-- --scale 10 --subjects 1 | --database URL] [--json FILE]   SDTM generation of one
// study's every domain, in this process, then its validation. With --scale it loads the demo data at that
// scale into PostgreSQL (BENCH_DATABASE_URL's server, database ctp_bench_sdtm_<scale>[x<subjects>], kept for
// the next run; --subjects F screens F times the subjects per study, since the scale multiplies studies);
// with --database it uses that database as it is (npm run bench passes its own). The study is the one with
// the most subjects. It samples the process's resident and heap memory every 50 ms and prints wall time,
// subjects, records per dataset and peak memory, for the generation and for the validation; run it at two
// study sizes to see whether memory stays flat as subjects grow (the job streams in batches). --json writes
// the figures to FILE.
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { writeFileSync } from 'node:fs';
import pg from 'pg';
import { BlobStore, connect, migrateToLatest, seedDemoData, sql } from '@ctp/db';
import { awaitSdtmRun, startSdtmRun } from '../src/modules/cdisc/sdtm/generate.ts';
import { validateSdtmRun } from '../src/modules/cdisc/validation/run.ts';
import { localJobQueue } from '../src/background.ts';

const { values } = parseArgs({
  options: { scale: { type: 'string', default: '10' }, subjects: { type: 'string', default: '1' }, database: { type: 'string' }, json: { type: 'string' } },
});
const scale = Number(values.scale);
const subjectsFactor = Math.max(1, Number(values.subjects));
const server = new URL(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/ctp_bench');
const suffix = values.database ? 'bench' : subjectsFactor > 1 ? `${scale}x${subjectsFactor}` : `${scale}`;
const dbName = values.database ? new URL(values.database).pathname.slice(1) : `ctp_bench_sdtm_${suffix}`;
const storageDir = path.join(os.tmpdir(), `ctp-bench-sdtm-${suffix}`);

async function ensureDatabase(): Promise<boolean> {
  const admin = new pg.Client({ connectionString: new URL('/postgres', server).toString() });
  await admin.connect();
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [dbName])).rowCount! > 0;
  if (!exists) await admin.query(`CREATE DATABASE "${dbName}"`);
  await admin.end();
  return exists;
}

const existed = values.database ? true : await ensureDatabase();
const handle = await connect({ databaseUrl: values.database ?? new URL(`/${dbName}`, server).toString() });
const { db } = handle;
await migrateToLatest(db);
if (!existed || (await db.selectFrom('studies').select('id').executeTakeFirst()) === undefined) {
  const t0 = Date.now();
  console.log(`» Loading demo data at scale ${scale}${subjectsFactor > 1 ? `, ${subjectsFactor}× the subjects per study,` : ''} into ${dbName}`);
  await seedDemoData(db, { scale, storageDir, subjectsFactor });
  await sql`analyze`.execute(db);
  console.log(`  loaded in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
}

const { rows } = await sql<{ id: number; code: string; subjects: number; entries: number }>`
  select s.id, s.code, (select count(*)::int from patients p where p.study_id = s.id) as subjects,
         (select count(*)::int from form_submissions f join patients p on p.id = f.patient_id where p.study_id = s.id and f.status <> 'draft') as entries
    from studies s order by subjects desc limit 1`.execute(db);
const study = rows[0]!;
const admin = await db.selectFrom('users').select('id').where('role', '=', 'admin').executeTakeFirstOrThrow();

let peakRss = 0;
let peakHeap = 0;
const sample = () => {
  const m = process.memoryUsage();
  peakRss = Math.max(peakRss, m.rss);
  peakHeap = Math.max(peakHeap, m.heapUsed);
};
global.gc?.();
const before = process.memoryUsage();
const timer = setInterval(sample, 50);
const started = performance.now();
const jobs = localJobQueue(db, new BlobStore(storageDir));
const { runId } = await startSdtmRun({ db, files: new BlobStore(storageDir), jobs, userId: admin.id, clientIp: null, studyId: study.id });
await awaitSdtmRun(runId);
const seconds = (performance.now() - started) / 1000;
clearInterval(timer);
sample();
const run = await db.selectFrom('sdtmRuns').select(['status', 'error']).where('id', '=', runId).executeTakeFirstOrThrow();
const datasets = await db.selectFrom('sdtmRunDatasets').select(['domain', 'records']).where('runId', '=', runId).orderBy('domain').execute();
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;
console.log(`\nSDTM generation${values.database ? '' : `, scale ${scale}`}: study ${study.code} with ${study.subjects} subjects and ${study.entries} form entries`);
console.log(`  status ${run.status}${run.error ? ` (${run.error})` : ''}, wall time ${seconds.toFixed(1)} s`);
console.log(`  records: ${datasets.map((d) => `${d.domain} ${d.records}`).join(', ')} (total ${datasets.reduce((n, d) => n + d.records, 0)})`);
console.log(`  memory: rss ${mb(before.rss)} before, peak ${mb(peakRss)}; heap ${mb(before.heapUsed)} before, peak ${mb(peakHeap)}`);

// Validation of the run
const peakGeneration = { rss: peakRss, heap: peakHeap };
global.gc?.();
const beforeValidation = process.memoryUsage();
peakRss = 0;
peakHeap = 0;
const vTimer = setInterval(sample, 50);
const vStarted = performance.now();
const validationId = await validateSdtmRun({ db, files: new BlobStore(storageDir), jobs, userId: admin.id, clientIp: null, studyId: study.id, sdtmRunId: runId });
const vSeconds = (performance.now() - vStarted) / 1000;
clearInterval(vTimer);
sample();
const v = await db.selectFrom('sdtmValidationRuns').select(['status', 'errors', 'warnings', 'checkedRules', 'recordsChecked', 'score']).where('id', '=', validationId).executeTakeFirstOrThrow();
console.log(`\nValidation: status ${v.status}, wall time ${vSeconds.toFixed(1)} s, ${v.recordsChecked} records, ${v.checkedRules} rule applications, ${v.errors} errors, ${v.warnings} warnings, score ${v.score}`);
console.log(`  memory: rss ${mb(beforeValidation.rss)} before, peak ${mb(peakRss)}; heap ${mb(beforeValidation.heapUsed)} before, peak ${mb(peakHeap)}`);
if (values.json) {
  const records = datasets.reduce((n, d) => n + d.records, 0);
  writeFileSync(
    values.json,
    JSON.stringify(
      {
        study: study.code,
        subjects: study.subjects,
        entries: study.entries,
        generation: { status: run.status, seconds, records, peakRssMb: Math.round(peakGeneration.rss / 2 ** 20), peakHeapMb: Math.round(peakGeneration.heap / 2 ** 20) },
        validation: { status: v.status, seconds: vSeconds, records: v.recordsChecked, errors: v.errors, warnings: v.warnings, peakRssMb: Math.round(peakRss / 2 ** 20), peakHeapMb: Math.round(peakHeap / 2 ** 20) },
      },
      null,
      2,
    ),
  );
}
await handle.close();
