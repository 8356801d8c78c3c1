// Validating an uploaded SDTM package with CDISC's CORE rules (POST /api/cdisc/core-validations) against a
// real database: a subset of the CDISC pilot package (XPT files, one truncated, with its define.xml) zipped,
// validated as a background job, whose rule findings are exactly the command-line validator's rows for the
// same files and whose unreadable dataset is a finding of the package; the report paged and filtered on
// the server, downloaded as CSV and Excel; several files instead of a zip; a validation left running by a
// stopped process sent to the queue again and finished; and the refusals: signed out
// (401), a role that may not (403), a zip entry outside its folder, a zip bomb, too many entries, content
// that is not what its name says (400), a file over the upload limit (413).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZipFile } from 'yazl';
import ExcelJS from 'exceljs';
import { BlobStore, sql, withActor } from '@ctp/db';
import { createTestDatabase, TEST_STORAGE_DIR, type TestDatabase } from './support/db.ts';
import { demoEmail, startServer, testConfig, TestClient, type TestServer } from './support/app.ts';
import { callersForEveryRole, parseCsv, rejects, type Caller } from './support/procedures.ts';
import { awaitPackageValidation } from '../src/modules/cdisc/validation/package/job.ts';
import { createInProcessQueue } from '../src/jobs/in-process.ts';
import { memoryRunLocks } from '../src/jobs/run-locks.ts';
import { reclaimOrphanedRuns, workRunJobs } from '../src/modules/cdisc/run-jobs.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const PILOT = '/work/shared/reference/cdisc-pilot/sdtm';
const SUBSET = ['dm.xpt', 'ae.xpt', 'suppae.xpt', 'ts.xpt', 'ta.xpt', 'define.xml'];
const pilot = (name: string) => readFileSync(path.join(PILOT, name));

let t: TestDatabase;
let as: Record<string, Caller>;
let server: TestServer;
let studyId: number;
const clients: Record<string, TestClient> = {};

async function client(role: string) {
  if (!clients[role]) {
    clients[role] = new TestClient(server.url);
    expect((await clients[role].login(demoEmail(role))).status).toBe(200);
  }
  return clients[role];
}

function zipOf(entries: { name: string; bytes: Buffer }[]): Promise<Buffer> {
  const zip = new ZipFile();
  for (const e of entries) zip.addBuffer(e.bytes, e.name);
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c)).on('end', () => resolve(Buffer.concat(chunks))).on('error', reject);
  });
}

async function upload(role: string | null, files: { name: string; bytes: Buffer }[], study = studyId) {
  const c = role ? await client(role) : new TestClient(server.url);
  const form = new FormData();
  form.append('studyId', String(study));
  for (const f of files) form.append('files', new Blob([new Uint8Array(f.bytes)]), f.name);
  const res = await c.request('/api/cdisc/core-validations', { method: 'POST', body: form, headers: { origin: server.url } });
  return { status: res.status, body: (await res.json()) as any };
}

/** The command-line validator's rows on a folder of these pilot files (run asynchronously: the test's server shares this event loop). */
async function cliRows(files: string[]): Promise<string[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'core-cli-'));
  try {
    for (const f of files) copyFileSync(path.join(PILOT, f), path.join(dir, f));
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'apps/api/src/cli/cdisc-validate.ts', '--data', dir], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    return parseCsv(stdout).slice(1).map((row) => row.join('|'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

beforeAll(async () => {
  t = await createTestDatabase({ seed: true });
  as = await callersForEveryRole(t.database);
  server = await startServer(t.database, testConfig({ UPLOAD_MAX_MB: '1' }));
  const row = await sql<{ studyId: number }>`select m.study_id as "studyId" from study_memberships m join users u on u.id = m.user_id where u.email = ${demoEmail('data-manager')} order by m.study_id limit 1`.execute(t.database.db);
  studyId = row.rows[0]!.studyId;
}, 300_000);
afterAll(async () => {
  await server?.close();
  await t?.cleanup();
});

describe('validating an uploaded package', { timeout: 240_000 }, () => {
  let validationId: number;

  it('validates a zipped pilot subset as a job, finding what the command line finds, an unreadable dataset a finding of the package', async () => {
    const truncated = pilot('sv.xpt').subarray(0, 1000);
    const zip = await zipOf([...SUBSET.map((name) => ({ name: `sdtm/${name}`, bytes: pilot(name) })), { name: 'sdtm/sv.xpt', bytes: truncated }, { name: 'sdtm/define2-0-0.xsl', bytes: Buffer.from('<xsl/>') }]);
    const res = await upload('data-manager', [{ name: 'pilot.zip', bytes: zip }]);
    expect(res.status).toBe(202);
    validationId = res.body.validationId;
    await awaitPackageValidation(validationId);
    const v = await as['data-manager']!.corePackage.byId({ validationId });
    expect(v).toMatchObject({ status: 'done', progress: 100, packageName: 'pilot.zip', defineFile: 'define.xml' });
    expect(v.counts.datasets).toBe(5);
    expect(v.counts.rulesRun + v.counts.rulesNotRun).toBe(430);
    expect(v.files.map((f) => f.name).sort()).toEqual([...SUBSET, 'sv.xpt', 'define2-0-0.xsl'].sort());

    const report = await as['data-manager']!.corePackage.report({ validationId });
    const ruleRows = report.findings.filter((f) => f.coreId !== null).map((f) => [f.dataset, f.record ?? '', f.variable ?? '', f.value ?? ''].join('|'));
    const cli = await cliRows(SUBSET);
    expect(cli.length).toBeGreaterThan(100);
    expect(ruleRows.sort()).toEqual(cli.sort());

    const ofPackage = report.findings.filter((f) => f.coreId === null);
    expect(ofPackage.map((f) => [f.dataset, f.severity])).toEqual([
      ['sv.xpt', 'error'],
      ['define2-0-0.xsl', 'warning'],
    ]);
    expect(ofPackage[0]!.message).toMatch(/^The file cannot be read: /);
    // every rule has an outcome; one not run says why
    expect(report.rules).toHaveLength(430);
    for (const r of report.rules.filter((x) => x.status === 'not run')) expect(r.reason).toBeTruthy();
    // the audit trail records who validated which package
    const audited = await sql<{ n: number }>`select count(*)::int as n from audit_events where table_name = 'core_package_validations' and record_id = ${String(validationId)}`.execute(t.database.db);
    expect(audited.rows[0]!.n).toBe(2); // created running, then done
  });

  it('pages and filters the report on the server: severity, dataset, rule', async () => {
    const dm = as['data-manager']!;
    const all = await dm.corePackage.findings({ validationId, limit: 10 });
    expect(all.items).toHaveLength(10);
    const ae = await dm.corePackage.findings({ validationId, dataset: 'AE', limit: 200 });
    expect(ae.total).toBeGreaterThan(0);
    expect(ae.items.every((f) => f.dataset === 'AE')).toBe(true);
    const v = await dm.corePackage.byId({ validationId });
    const rule = v.rulesWithFindings[0]!;
    const byRule = await dm.corePackage.findings({ validationId, coreId: rule, limit: 200 });
    expect(byRule.items.every((f) => f.coreId === rule)).toBe(true);
    const warnings = await dm.corePackage.findings({ validationId, severity: 'warning', limit: 200 });
    expect(warnings.items.every((f) => f.severity === 'warning')).toBe(true);
    expect(all.total).toBe(v.counts.findings);
    const page2 = await dm.corePackage.findings({ validationId, limit: 10, offset: 10 });
    expect(page2.items[0]!.id).toBeGreaterThan(all.items[9]!.id);
    const rules = await dm.corePackage.rules({ validationId, withFindings: true, limit: 200 });
    expect(rules.items.every((r) => r.findings > 0 && r.status === 'run')).toBe(true);
    expect(rules.items[0]!.description.length).toBeGreaterThan(0);
    const notRun = await dm.corePackage.rules({ validationId, status: 'not run', limit: 5 });
    expect(notRun.items[0]!.reason).toBeTruthy();
    // a monitor of the study reads the report; a study outside the user's scope is not found
    await expect(as.monitor!.corePackage.byId({ validationId })).resolves.toMatchObject({ id: validationId });
  });

  it('downloads the report as CSV and as Excel', async () => {
    const c = await client('data-manager');
    const csv = await c.request(`/api/cdisc/core-validations/${validationId}/report.csv`);
    expect(csv.status).toBe(200);
    const rows = parseCsv(await csv.text());
    const v = await as['data-manager']!.corePackage.byId({ validationId });
    expect(rows[0]).toEqual(['Dataset', 'Record', 'Variable', 'Value', 'CORE-ID', 'Severity', 'Message']);
    expect(rows.length - 1).toBe(v.counts.findings);
    const xlsx = await c.request(`/api/cdisc/core-validations/${validationId}/report.xlsx`);
    expect(xlsx.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await xlsx.arrayBuffer());
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Conformance Details', 'Issue Summary', 'Issue Details', 'Rules Report']);
    expect(wb.getWorksheet('Issue Details')!.rowCount - 1).toBe(v.counts.findings);
    expect(wb.getWorksheet('Rules Report')!.rowCount - 1).toBe(430);
  });

  it('validates several files sent without a zip', async () => {
    const res = await upload('admin', [{ name: 'dm.xpt', bytes: pilot('dm.xpt') }, { name: 'define.xml', bytes: pilot('define.xml') }]);
    expect(res.status).toBe(202);
    await awaitPackageValidation(res.body.validationId);
    const v = await as.admin!.corePackage.byId({ validationId: res.body.validationId });
    expect(v).toMatchObject({ status: 'done', packageName: 'dm.xpt + 1', defineFile: 'define.xml' });
    expect(v.counts.datasets).toBe(1);
    const report = await as.admin!.corePackage.report({ validationId: res.body.validationId });
    expect(report.findings.map((f) => [f.dataset, f.record ?? '', f.variable ?? '', f.value ?? ''].join('|')).sort()).toEqual((await cliRows(['dm.xpt'])).sort());
    expect((await as.admin!.corePackage.latest({ studyId }))?.id).toBe(res.body.validationId);
  });
});

describe('a validation left running by a stopped process', { timeout: 120_000 }, () => {
  it('is sent again to the queue at start and finishes', async () => {
    const files = new BlobStore(TEST_STORAGE_DIR);
    const dm = await files.putBuffer(pilot('dm.xpt'));
    const userId = (await sql<{ id: number }>`select id from users where email = ${demoEmail('data-manager')}`.execute(t.database.db)).rows[0]!.id;
    const { id } = await withActor(t.database.db, { userId, reason: 'A validation whose process stopped', clientIp: null }, (tx) =>
      tx
        .insertInto('corePackageValidations')
        .values({ studyId, runBy: userId, packageName: 'dm.xpt', files: JSON.stringify([{ name: 'dm.xpt', size: dm.size, sha256: dm.sha256 }]), status: 'running', progress: 40, step: 'Running CORE-000001' })
        .returning('id')
        .executeTakeFirstOrThrow(),
    );
    const queue = createInProcessQueue(() => undefined);
    const deps = { db: t.database.db, files, locks: memoryRunLocks() };
    await workRunJobs(queue, deps);
    expect(await reclaimOrphanedRuns(queue, deps)).toBeGreaterThanOrEqual(1);
    await awaitPackageValidation(id);
    const v = await as['data-manager']!.corePackage.byId({ validationId: id });
    expect(v).toMatchObject({ status: 'done', progress: 100 });
    expect(v.counts.datasets).toBe(1);
    await queue.stop(5000);
  });
});

describe('refusals', { timeout: 120_000 }, () => {
  const dm = () => [{ name: 'dm.xpt', bytes: pilot('dm.xpt') }];

  it('needs a session (401) and cdisc.export (403 for a monitor and a sponsor)', async () => {
    expect((await upload(null, dm())).status).toBe(401);
    for (const role of ['monitor', 'sponsor']) expect((await upload(role, dm())).status, role).toBe(403);
    await rejects(as.sponsor!.corePackage.upload({ studyId }), 'FORBIDDEN');
    await rejects(as.admin!.corePackage.upload({ studyId }), 'BAD_REQUEST', /Choose the package/);
  });

  it('refuses a zip entry outside its folder, a zip bomb and a zip of too many entries (400)', async () => {
    // yazl will not write "../", so the name is patched in the finished archive (names are outside the CRC)
    const traversal = Buffer.from((await zipOf([{ name: 'xx/dm.xpt', bytes: pilot('dm.xpt') }])).toString('latin1').replaceAll('xx/dm.xpt', '../dm.xpt'), 'latin1');
    const t1 = await upload('data-manager', [{ name: 'evil.zip', bytes: traversal }]);
    expect(t1.status).toBe(400);
    expect(JSON.stringify(t1.body)).toMatch(/outside its folder|invalid relative path|cannot be read/);
    // 16 MB of zeros deflates to a few KB, and expands past 10 × the 1 MB limit
    const bomb = await zipOf([{ name: 'dm.csv', bytes: Buffer.alloc(16 * 1024 * 1024, 0x41) }]);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const t2 = await upload('data-manager', [{ name: 'bomb.zip', bytes: bomb }]);
    expect(t2.status).toBe(400);
    expect(JSON.stringify(t2.body)).toMatch(/expands to more than 10 MB/);
    const many = await zipOf(Array.from({ length: 501 }, (_, i) => ({ name: `x${i}.csv`, bytes: Buffer.from('A\n1\n') })));
    const t3 = await upload('data-manager', [{ name: 'many.zip', bytes: many }]);
    expect(t3.status).toBe(400);
    expect(JSON.stringify(t3.body)).toMatch(/501 entries/);
  });

  it('refuses content that is not what its name says, and names it does not know (400)', async () => {
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(64, 1)]);
    for (const [name, bytes] of [
      ['dm.xpt', pdf],
      ['dm.json', Buffer.from('not json')],
      ['package.zip', pilot('dm.xpt')],
      ['notes.txt', Buffer.from('hello')],
      ['define.xml', pdf],
    ] as const) {
      const res = await upload('data-manager', [{ name, bytes }]);
      expect(res.status, name).toBe(400);
      expect(res.body.fieldErrors?.files?.[0], name).toBeTruthy();
    }
    expect((await upload('data-manager', [{ name: 'define.xml', bytes: pilot('define.xml') }])).body.fieldErrors.files[0]).toMatch(/no dataset/);
  });

  it('refuses a file over the upload limit (413)', async () => {
    expect((await upload('data-manager', [{ name: 'dm.csv', bytes: Buffer.alloc(1024 * 1024 + 10, 0x41) }])).status).toBe(413);
  });
});
