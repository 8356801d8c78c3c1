// SDTM generation on the seeded demo database: a run for a study, awaited, then the stored XPT files read
// back: DM one row per subject with unique USUBJID; AE one row per adverse event entry, AESEQ unique per
// subject, AEDECOD filled on every coded AE; VS with its test codes; every --DTC ISO 8601.
// The run with its datasets and progress, a preview page, the REST paths (401, 400, 404, 202) and who
// may export (a sponsor may not).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '@ctp/db';
import { createTestDatabase, type TestDatabase } from './support/db.ts';
import { startServer, TestClient, testConfig, type TestServer } from './support/app.ts';
import { callersForEveryRole, rejects, type Caller } from './support/procedures.ts';
import { readXpt, type XptDataset } from '../src/modules/cdisc/formats/xpt.ts';
import { readDatasetJson } from '../src/modules/cdisc/formats/dataset-json.ts';
import { awaitSdtmRun } from '../src/modules/cdisc/sdtm/generate.ts';
import { BlobStore } from '@ctp/db';
import zlib from 'node:zlib';
import { storageDirOf } from '../src/config.ts';
import { expectSchemaValid, itXsd } from './support/xmllint.ts';

let t: TestDatabase;
let as: Record<string, Caller>;
let server: TestServer;
let studyId: number;
let studyCode: string;
let runId: number;
let elapsedMs = 0;
const files = new BlobStore(storageDirOf(testConfig()));

beforeAll(async () => {
  t = await createTestDatabase({ seed: true });
  as = await callersForEveryRole(t.database);
  server = await startServer(t.database);
  const db = t.database.db;
  // the study with the most adverse event entries
  const s = await sql<{ id: number; code: string }>`
    select st.id, st.code from studies st join forms f on f.study_id = st.id and f.code = 'AE_REPORT'
      join form_submissions s on s.form_id = f.id group by st.id, st.code order by count(*) desc limit 1`.execute(db);
  studyId = s.rows[0]!.id;
  studyCode = s.rows[0]!.code;
}, 300_000);
afterAll(async () => {
  await server.close();
  await t.cleanup();
});

async function xptOf(domain: string): Promise<XptDataset> {
  const run = await as.admin!.sdtm.latestRun({ studyId });
  expect(run!.datasets.map((d) => d.domain)).toContain(domain);
  const info = await as.monitor!.sdtm.fileInfo({ runId: run!.id, domain, format: 'xpt' });
  const chunks: Buffer[] = [];
  for await (const c of files.createReadStream(info.sha256)) chunks.push(c as Buffer);
  return readXpt(Buffer.concat(chunks));
}
const col = (ds: XptDataset, name: string) => {
  const k = ds.variables.findIndex((v) => v.name === name);
  expect(k, `${ds.name}.${name}`).toBeGreaterThanOrEqual(0);
  return ds.rows.map((r) => r[k]);
};
const ISO = /^\d{4}(-\d{2}(-\d{2}(T\d{2}:\d{2}(:\d{2})?)?)?)?$/;

describe('SDTM generation', () => {
  it('starts a run that returns at once, then finishes with the datasets', async () => {
    const start = Date.now();
    const started = await as['data-manager']!.sdtm.exportSdtm({ studyId });
    expect(started).toEqual({ runId: expect.any(Number), status: 'running', progress: expect.any(Number) });
    runId = started.runId;
    await awaitSdtmRun(runId);
    elapsedMs = Date.now() - start;
    expect(elapsedMs).toBeLessThan(120_000);
    const run = (await as.admin!.sdtm.latestRun({ studyId }))!;
    expect(run).toMatchObject({ id: runId, studyId, status: 'done', progress: 100, error: null, finishedAt: expect.any(String) });
    // the demo study's design gives TA and TE (sdtm-trial-design.int.test.ts checks their rows)
    expect(run.notes).not.toContain('TA and TE not generated: the study defines no arms or elements');
    const domains = run.datasets.map((d) => d.domain);
    for (const d of ['TS', 'TV', 'TA', 'TE', 'DM', 'SV', 'AE', 'VS', 'CM', 'MH', 'EX', 'LB', 'DS']) expect(domains).toContain(d);
    for (const d of run.datasets) expect(d.records).toBeGreaterThan(0);
  }, 300_000);

  it('DM: one row per subject, USUBJID unique, controlled terminology', async () => {
    const dm = await xptOf('DM');
    const subjects = await t.database.db.selectFrom('patients').select('subjectCode').where('studyId', '=', studyId).execute();
    expect(dm.rows.length).toBe(subjects.length);
    const usubjid = col(dm, 'USUBJID');
    expect(new Set(usubjid).size).toBe(usubjid.length);
    expect(usubjid).toContain(`${studyCode}-${subjects[0]!.subjectCode}`);
    expect(new Set(col(dm, 'SEX'))).toEqual(expect.any(Set));
    for (const v of col(dm, 'SEX')) expect(['M', 'F', 'U']).toContain(v);
    for (const v of col(dm, 'ETHNIC')) expect(['HISPANIC OR LATINO', 'NOT HISPANIC OR LATINO', 'NOT REPORTED', 'UNKNOWN']).toContain(v);
    for (const v of col(dm, 'COUNTRY')) expect(v).toMatch(/^[A-Z]{3}$/);
    // randomised subjects carry their arm; the others say why they have none
    col(dm, 'ARMNRS').forEach((v, i) => expect(v === '' ? col(dm, 'ARMCD')[i] : v).toMatch(/^(DRUG|PLACEBO|NOT ASSIGNED)$/));
    expect(dm.variables.find((v) => v.name === 'AGE')).toMatchObject({ type: 'num', label: 'Age' });
  });

  it('AE: one row per adverse event entry, AESEQ unique per subject, coded terms where coded', async () => {
    const ae = await xptOf('AE');
    const count = await sql<{ n: number }>`select count(*)::int as n from form_submissions s join forms f on f.id = s.form_id
      where f.code = 'AE_REPORT' and s.study_id = ${studyId} and s.status <> 'draft'`.execute(t.database.db);
    expect(ae.rows.length).toBe(count.rows[0]!.n);
    const keys = ae.rows.map((_, i) => `${col(ae, 'USUBJID')[i]}#${col(ae, 'AESEQ')[i]}`);
    expect(new Set(keys).size).toBe(keys.length);
    // AEDECOD and AEBODSYS come from the coder's decisions: filled on every coded adverse event (three in
    // four of the demo's), empty on those still waiting in the coding queue
    const decod = col(ae, 'AEDECOD');
    const coded = await sql<{ n: number }>`select count(*)::int as n from coding_decisions d join form_submissions s on s.id = d.submission_id
      join forms f on f.id = s.form_id where f.code = 'AE_REPORT' and s.study_id = ${studyId} and s.status <> 'draft' and d.status = 'coded'`.execute(t.database.db);
    expect(coded.rows[0]!.n).toBeGreaterThan(0);
    expect(decod.filter((v) => v !== '').length).toBe(coded.rows[0]!.n);
    expect(col(ae, 'AEBODSYS').filter((v) => v !== '').length).toBe(coded.rows[0]!.n);
    for (const v of col(ae, 'AESEV')) expect(['MILD', 'MODERATE', 'SEVERE']).toContain(v);
  });

  it('MH keeps partial start dates partial; EX carries the treatment of the arm; LB has test codes, CT units and standard results', async () => {
    const mh = await xptOf('MH');
    const starts = col(mh, 'MHSTDTC') as string[];
    expect(starts.some((d) => /^\d{4}$/.test(d))).toBe(true);
    expect(starts.some((d) => /^\d{4}-\d{2}$/.test(d))).toBe(true);
    for (const d of starts) expect(d).toMatch(ISO);
    // a partial date has no study day
    // every MHSTDTC here is partial, and SDTMIG 3.4's MH has no MHSTDY: no study day is made up
    expect(starts.every((d) => /^\d{4}(-\d{2})?$/.test(d))).toBe(true);
    expect(mh.variables.map((v) => v.name)).not.toContain('MHSTDY');
    // AE and CM keep their start day beside their start date (CORE-000328), empty where the date is partial
    for (const [domain, dy] of [['AE', 'AESTDY'], ['CM', 'CMSTDY']] as const) expect((await xptOf(domain)).variables.map((v) => v.name), domain).toContain(dy);
    const ex = await xptOf('EX');
    expect(new Set(col(ex, 'EXTRT'))).toEqual(new Set(['STUDY DRUG', 'PLACEBO']));
    for (const v of col(ex, 'EXROUTE')) expect(v).toBe('ORAL');
    for (const v of col(ex, 'EXSTDTC')) expect(v).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // the end once the treatment has ended, empty while it goes on (exposure is recorded from the first dose)
    const exStarts = col(ex, 'EXSTDTC').map(String);
    const ends = col(ex, 'EXENDTC');
    for (const v of ends) expect(v).toMatch(/^(\d{4}-\d{2}-\d{2})?$/);
    for (const [k, v] of ends.entries()) if (v !== '') expect(String(v) >= exStarts[k]!, String(v)).toBe(true);
    expect(ends.some((v) => v !== '')).toBe(true);
    const lb = await xptOf('LB');
    expect(new Set(col(lb, 'LBTESTCD'))).toEqual(new Set(['HGB', 'HCT', 'WBC', 'PLAT', 'ALT', 'AST', 'CREAT', 'GLUC', 'SODIUM', 'K']));
    const alt = col(lb, 'LBTESTCD').indexOf('ALT');
    expect(col(lb, 'LBORRESU')[alt]).toBe('U/L');
    expect(typeof col(lb, 'LBSTRESN')[alt]).toBe('number');
    for (const v of col(lb, 'LBDTC')) expect(v).toMatch(ISO);
  });

  it('VS: findings with test codes, results and units; SV from the visits done; all dates ISO 8601', async () => {
    const vs = await xptOf('VS');
    expect(new Set(col(vs, 'VSTESTCD'))).toEqual(new Set(['SYSBP', 'DIABP', 'PULSE', 'RESP', 'TEMP', 'HEIGHT', 'WEIGHT', 'BMI']));
    const k = col(vs, 'VSTESTCD').indexOf('SYSBP');
    expect(col(vs, 'VSORRESU')[k]).toBe('mmHg');
    expect(typeof col(vs, 'VSSTRESN')[k]).toBe('number');
    expect(col(vs, 'VISITNUM')[k]).toEqual(expect.any(Number));
    const sv = await xptOf('SV');
    expect(sv.rows.length).toBeGreaterThan(0);
    for (const ds of [vs, sv, await xptOf('AE'), await xptOf('DM'), await xptOf('CM')]) {
      for (const v of ds.variables.filter((x) => /DTC$/.test(x.name))) for (const x of col(ds, v.name)) if (x) expect(x).toMatch(ISO);
      for (const v of ds.variables.filter((x) => /DY$/.test(x.name))) for (const x of col(ds, v.name)) if (x !== null) expect(x).not.toBe(0);
    }
  });

  it('previews a page of rows and serves the Dataset-JSON', async () => {
    const page = await as.monitor!.sdtm.preview({ runId, domain: 'vs', offset: 5, limit: 10 });
    expect(page.rows.length).toBe(10);
    expect(page.columns[0]!.name).toBe('STUDYID');
    expect(page.rows[0]![0]).toBe(studyCode);
    const c = new TestClient(server.url);
    await c.login('monitor@demo.local');
    const res = await c.request(`/api/cdisc/sdtm/${runId}/dm.json`);
    expect(res.status).toBe(200);
    const json = readDatasetJson(await res.text());
    expect(json.datasetJSONVersion).toMatch(/^1\.1/);
    expect(json.name).toBe('DM');
    const xpt = await c.request(`/api/cdisc/sdtm/${runId}/ae.xpt`);
    expect(xpt.headers.get('content-disposition')).toContain('ae.xpt');
  });
});

/** The entries of a ZIP (read from its central directory), inflated, CRC-checked. */
function unzip(buf: Buffer): Map<string, Buffer> {
  const eocd = buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = buf.readUInt16LE(eocd + 10);
  let p = buf.readUInt32LE(eocd + 16);
  const out = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    expect(buf.readUInt32LE(p)).toBe(0x02014b50);
    const crc = buf.readUInt32LE(p + 16);
    const size = buf.readUInt32LE(p + 20);
    const nameLen = buf.readUInt16LE(p + 28);
    const local = buf.readUInt32LE(p + 42);
    const name = buf.subarray(p + 46, p + 46 + nameLen).toString('utf8');
    const dataStart = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    const data = zlib.inflateRawSync(buf.subarray(dataStart, dataStart + size));
    expect(zlib.crc32(data) >>> 0).toBe(crc);
    out.set(name, data);
    p += 46 + nameLen + buf.readUInt16LE(p + 30) + buf.readUInt16LE(p + 32);
  }
  return out;
}

describe('Export All Domains', () => {
  it('zips every dataset as XPT with a define.xml', async () => {
    const c = new TestClient(server.url);
    await c.login('monitor@demo.local');
    const res = await c.request(`/api/cdisc/sdtm/${runId}/all.zip`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    const entries = unzip(Buffer.from(await res.arrayBuffer()));
    const run = (await as.admin!.sdtm.latestRun({ studyId }))!;
    expect([...entries.keys()].sort()).toEqual([...run.datasets.map((d) => `${d.domain.toLowerCase()}.xpt`), 'define.xml'].sort());
    expect(readXpt(entries.get('dm.xpt')!).rows.length).toBe(run.datasets.find((d) => d.domain === 'DM')!.records);
    const define = entries.get('define.xml')!.toString('utf8');
    expect(define).toContain('def:DefineVersion="2.1');
    expect(define).toContain('Name="AE"');
    expect((await c.request(`/api/cdisc/sdtm/999999/all.zip`)).status).toBe(404);
  });

  itXsd('writes a define.xml the Define-XML 2.1 schema accepts, with the CT terms used and value-level metadata', async () => {
    const c = new TestClient(server.url);
    await c.login('monitor@demo.local');
    const res = await c.request(`/api/cdisc/sdtm/${runId}/define.xml`);
    expect(res.status).toBe(200);
    const xml = await res.text();
    expectSchemaValid(xml, 'generated-define');
    // code lists of the terms the study used, with their NCI codes: SEX (C66731) with M (C20197) or F (C16576)
    expect(xml).toMatch(/<CodeList OID="CL\.C66731" Name="SEX"[^>]*>[\s\S]*?Name="C(20197|16576)"[\s\S]*?<Alias Context="nci:ExtCodeID" Name="C66731"\/>/);
    expect(xml).toContain('<def:Standard OID="STD.CT.SDTM" Name="CDISC/NCI" Type="CT" PublishingSet="SDTM"');
    // value-level metadata for VS results per test code
    expect(xml).toContain('<def:ValueListDef OID="VL.VS.VSORRES">');
    expect(xml).toContain('<def:WhereClauseDef OID="WC.VS.VSTESTCD.SYSBP">');
  });
});

describe('access', () => {
  it('refuses export to sponsors and other read-only roles', async () => {
    await rejects(as.sponsor!.sdtm.exportSdtm({ studyId }), 'FORBIDDEN');
    await rejects(as.monitor!.sdtm.exportSdtm({ studyId }), 'FORBIDDEN');
  });
  it('REST: 401 signed out, 400 bad input, 404 unknown study, run or dataset, 202 with the run', async () => {
    const anon = new TestClient(server.url);
    expect((await anon.request('/api/cdisc/export-sdtm', { method: 'POST', json: { studyId } })).status).toBe(401);
    expect((await anon.request(`/api/cdisc/sdtm/${runId}/dm.xpt`)).status).toBe(401);
    const c = new TestClient(server.url);
    await c.login('data-manager@demo.local');
    expect((await c.request('/api/cdisc/export-sdtm', { method: 'POST', json: { studyId: 'x' } })).status).toBe(400);
    expect((await c.request('/api/cdisc/export-sdtm', { method: 'POST', json: {} })).status).toBe(400);
    expect((await c.request('/api/cdisc/export-sdtm', { method: 'POST', json: { studyId: 999999 } })).status).toBe(404);
    expect((await c.request(`/api/cdisc/sdtm/999999/dm.xpt`)).status).toBe(404);
    expect((await c.request(`/api/cdisc/sdtm/${runId}/zz.xpt`)).status).toBe(404);
    expect((await c.request(`/api/cdisc/sdtm/${runId}/dm.exe`)).status).toBe(404);
    const res = await c.request('/api/cdisc/export-sdtm', { method: 'POST', json: { studyId } });
    expect(res.status).toBe(202);
    const body = (await res.json()) as { runId: number };
    expect(body).toEqual({ runId: expect.any(Number), status: 'running', progress: expect.any(Number) });
    await awaitSdtmRun(body.runId);
  }, 300_000);
});
