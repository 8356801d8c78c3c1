// npm run bench [-- --scale 100 --reload --duration 10 --connections 10 --calls patients.list,sites]
// Loads the demo data at the given scale into a PostgreSQL database (BENCH_DATABASE_URL, default
// postgres://postgres@127.0.0.1:5432/ctp_bench), starts the server in its own process, and measures the
// procedures behind the core screens with many concurrent requests from this process (autocannon).
// Prints p50/p99 latency and requests per second per call, and writes .bench/results.json.
// --calls keeps only the calls whose names contain one of the given comma-separated parts ('none' skips
// them). Then randomize (randomize.ts): --randomize N subjects (500; 0 skips it), each request a different
// subject waiting at the demo coordinator's site, with its kit dispensing. Then the mixed-workload soak (soak.ts): --soak seconds (60; 0 skips it), --soak-connections (50).
// Last, SDTM generation and validation of the largest study in its own process (sdtm.ts: wall time and
// peak memory); --skip-sdtm leaves it out. Then the streaming exports (exports.ts: the largest study's and
// the whole portfolio's form entries as CSV and as ODM, time and peak memory); --skip-exports leaves them out.
import { spawn, execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { DEFAULT_DEMO_PASSWORD } from '@ctp/db';
import { benchCalls, type BenchCall, type BenchIds } from './calls.ts';
import { runSoak, type SoakRow } from './soak.ts';
import { benchRandomize, type RandomizeRow } from './randomize.ts';

const { values } = parseArgs({
  options: {
    scale: { type: 'string', default: '100' },
    reload: { type: 'boolean', default: false },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    port: { type: 'string', default: '3300' },
    calls: { type: 'string' },
    soak: { type: 'string', default: '60' },
    'soak-connections': { type: 'string', default: '50' },
    'skip-sdtm': { type: 'boolean', default: false },
    'skip-exports': { type: 'boolean', default: false },
    randomize: { type: 'string', default: '500' },
  },
});
const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/ctp_bench';
const scale = Number(values.scale);
const port = Number(values.port);
const base = `http://127.0.0.1:${port}`;

/** True when the database already holds demo data at this scale; otherwise recreates it empty. */
async function alreadyLoaded(): Promise<boolean> {
  if (!values.reload) {
    const c = new pg.Client({ connectionString: databaseUrl });
    try {
      await c.connect();
      const r = await c.query('select count(*)::int as n from studies');
      if (r.rows[0].n === (scale === 1 ? 8 : 2 * scale)) return true;
    } catch {
      // no database or no schema yet: create it below
    } finally {
      await c.end().catch(() => {});
    }
  }
  const url = new URL(databaseUrl);
  const dbName = url.pathname.slice(1);
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${dbName}"`);
  await admin.end();
  return false;
}

if (!(await alreadyLoaded())) {
  console.log(`» Loading demo data at scale ${scale} into ${new URL(databaseUrl).pathname.slice(1)}`);
  const t0 = Date.now();
  execFileSync(process.execPath, ['--import', 'tsx', 'packages/db/src/cli/seed.ts', '--scale', String(scale)], {
    stdio: 'inherit',
    env: { ...process.env, DATABASE_URL: databaseUrl },
  });
  console.log(`  loaded in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
}
// Fresh planner statistics on every run (autovacuum may be off or behind on a test server).
await withBenchDb((c) => c.query('VACUUM ANALYZE'));

// The startup pass below is the periodic pass's job for the current slot of its period (a day here);
// pg-boss keeps a slot's job once it ran, so a second run on this database the same day would wait for
// nothing. Forget the pass's past jobs (pg-boss's table, there once a server ran on PostgreSQL).
await withBenchDb((c) => c.query(`do $$ begin if to_regclass('pgboss.job') is not null then delete from pgboss.job where name = 'periodic-pass'; end if; end $$`));
const snapshotsBefore = await latestSnapshotId();
console.log('» Starting the server (PostgreSQL, separate process)');
// The periodic pass runs at the start and then once a day (not during the bench; the queue archives a
// day's slot only after the day, so the period holds).
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'error', SEED_DEMO_DATA: 'false', INSIGHTS_INTERVAL_SECONDS: '86400' },
});
const stop = () => server.kill('SIGTERM');
process.on('exit', stop);
for (let i = 0; i < 120; i++) {
  const ok = await fetch(`${base}/readyz`).then((r) => r.ok).catch(() => false);
  if (ok) break;
  await new Promise((r) => setTimeout(r, 500));
}

// The server computes the insights snapshot and verifies the whole audit chain when it starts (about
// a million rows here): that pass would compete with the first calls measured, so wait for it.
console.log('» Waiting for the startup insights and audit-chain verification');
const t1 = Date.now();
while ((await latestSnapshotId()) === snapshotsBefore) {
  if (Date.now() - t1 > 600_000) throw new Error('the startup insights computation did not finish in 10 minutes');
  await new Promise((r) => setTimeout(r, 500));
}
console.log(`  done in ${((Date.now() - t1) / 1000).toFixed(0)} s`);

const only = values.calls?.split(',').filter(Boolean);
const callsMeasured = (ids: BenchIds) =>
  benchCalls(ids).filter((call) => !only || only.some((part) => call.name.includes(part)));

async function login(email: string): Promise<string> {
  const res = await fetch(`${base}/trpc/auth.login?batch=1`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ 0: { email, password: process.env.DEMO_PASSWORD ?? DEFAULT_DEMO_PASSWORD } }),
  });
  if (!res.ok) throw new Error(`login failed for ${email}: ${res.status}`);
  return res.headers.get('set-cookie')!.split(';')[0]!;
}

const ids = await discoverIds();
{
  // Warm-up pass over every call, not measured: V8 compiles the hot paths and PostgreSQL fills its
  // caches, so the first call measured is not charged for starting cold.
  const cookie = await login('admin@demo.local');
  for (const call of callsMeasured(ids)) {
    await autocannon({ ...request(call, cookie), connections: Number(values.connections), duration: 1 });
  }
}
const results: { call: string; user: string; p50: number; p99: number; rps: number; errors: number }[] = [];
for (const user of ['admin@demo.local', 'data-manager@demo.local']) {
  const cookie = await login(user);
  for (const call of callsMeasured(ids)) {
    if (call.body && !user.startsWith('admin')) continue;
    const req = request(call, cookie);
    const check = await fetch(req.url, { method: req.method, headers: req.headers, body: req.body });
    if (!check.ok) throw new Error(`${call.name} answered ${check.status}`);
    // Warm-up for this user and call, not measured.
    await autocannon({ ...req, connections: Number(values.connections), duration: 1 });
    const r = await autocannon({ ...req, connections: Number(values.connections), duration: Number(values.duration) });
    const row = { call: call.name, user: user.split('@')[0]!, p50: r.latency.p50, p99: r.latency.p99, rps: Math.round(r.requests.average), errors: r.errors + r.non2xx };
    results.push(row);
    console.log(`${row.call.padEnd(34)} ${row.user.padEnd(13)} p50 ${String(row.p50).padStart(4)} ms  p99 ${String(row.p99).padStart(4)} ms  ${String(row.rps).padStart(5)} req/s  errors ${row.errors}`);
  }
}
const slow = results.filter((r) => r.p99 >= 50);
if (results.length) console.log(slow.length ? `\n${slow.length} call(s) at or above the 50 ms p99 target` : '\nEvery call under the 50 ms p99 target');

let randomize: RandomizeRow | null = null;
if (Number(values.randomize) > 0) {
  console.log(`\n» Randomize with kit dispensing: ${values.randomize} subjects, ${values.connections} connections`);
  randomize = await benchRandomize({ base, databaseUrl, count: Number(values.randomize), connections: Number(values.connections), login });
  const r = randomize;
  console.log(`${r.call.padEnd(34)} ${r.user.padEnd(13)} p50 ${String(r.p50).padStart(4)} ms  p99 ${String(r.p99).padStart(4)} ms  ${String(r.rps).padStart(5)} req/s  errors ${r.errors}  (${r.allocated} of ${r.requests} allocated, ${r.kitsDispensed} kits dispensed)`);
}

let soak: SoakRow[] = [];
if (Number(values.soak) > 0) {
  console.log(`\n» Mixed-workload soak: ${values['soak-connections']} connections, ${values.soak} s, reads and writes from five roles`);
  soak = await runSoak({ base, seconds: Number(values.soak), connections: Number(values['soak-connections']), login, db: withBenchDb });
  for (const r of soak) {
    console.log(`${r.role.padEnd(14)} ${String(r.connections).padStart(3)} conns  ${String(r.requests).padStart(7)} requests  errors ${String(r.errors).padStart(4)}  p50 ${String(r.p50).padStart(4)} ms  p99 ${String(r.p99).padStart(4)} ms  ${String(r.rps).padStart(5)} req/s`);
  }
}
mkdirSync('.bench', { recursive: true });
let sdtm: unknown = null;
if (!values['skip-sdtm']) {
  stop(); // the generation runs in its own process, so its memory is its own
  console.log('\n» SDTM generation and validation of the largest study (apps/api/bench/sdtm.ts)');
  execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', 'apps/api/bench/sdtm.ts', '--database', databaseUrl, '--json', '.bench/sdtm.json'], { stdio: 'inherit' });
  sdtm = JSON.parse(readFileSync('.bench/sdtm.json', 'utf8'));
}
let exportsRun: unknown = null;
if (!values['skip-exports']) {
  stop(); // in its own process too: its peak memory is the exports' alone
  console.log('\n» Streaming exports: the largest study and the portfolio, CSV and ODM (apps/api/bench/exports.ts)');
  execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', 'apps/api/bench/exports.ts', '--database', databaseUrl, '--json', '.bench/exports.json'], { stdio: 'inherit' });
  exportsRun = JSON.parse(readFileSync('.bench/exports.json', 'utf8'));
}
writeFileSync('.bench/results.json', JSON.stringify({ scale, connections: Number(values.connections), durationSeconds: Number(values.duration), results, randomize, soak, sdtm, exports: exportsRun }, null, 2));
stop();
process.exit(0);

/** The request autocannon sends for a call: a GET, or a JSON POST from the app's own origin. */
function request(call: BenchCall, cookie: string): { url: string; method: 'GET' | 'POST'; headers: Record<string, string>; body?: string } {
  if (!call.body) return { url: base + call.path, method: 'GET' as const, headers: { cookie } };
  return { url: base + call.path, method: 'POST' as const, headers: { cookie, 'content-type': 'application/json', origin: base }, body: call.body };
}

/** Runs `work` on its own connection to the bench database. */
async function withBenchDb<T>(work: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    return await work(c);
  } finally {
    await c.end();
  }
}

function latestSnapshotId(): Promise<number> {
  return withBenchDb(async (c) => (await c.query('select coalesce(max(id), 0)::int as id from insight_snapshots')).rows[0].id);
}

function discoverIds(): Promise<BenchIds> {
  return withBenchDb(async (c) => {
    const q = async (text: string) => (await c.query(text)).rows[0];
    const study = await q(`select s.id, s.code from studies s where s.status = 'active' order by s.id desc limit 1`);
    const site = await q(`select site_id as id from study_sites where study_id = ${study.id} limit 1`);
    const ae = await q(`select id from forms where study_id = ${study.id} and library_domain = 'AE' and status = 'active' limit 1`);
    const patient = await q(`select id from patients where study_id = ${study.id} order by id limit 1`);
    return { studyId: study.id, studyCode: study.code, siteId: site.id, aeFormId: ae.id, patientId: patient.id };
  });
}
