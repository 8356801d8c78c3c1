// SDTM trial design over the seeded demo study: TA (two arms through screening, treatment and
// follow-up) and TE (four elements) from the study's design; DM with ARMCD/ACTARMCD of randomised
// subjects as assigned, ARMNRS SCREEN FAILURE for a subject withdrawn in screening, NOT ASSIGNED for
// one still screening, ASSIGNED, NOT TREATED without an actual arm; define.xml keys of TA and TE; and a
// study without a design gets no TA or TE, with the run's note saying why.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '@ctp/db';
import { BlobStore } from '@ctp/db';
import { createTestDatabase, TEST_TODAY, type TestDatabase } from './support/db.ts';
import { startServer, TestClient, testConfig, type TestServer } from './support/app.ts';
import { callersForEveryRole, type Caller } from './support/procedures.ts';
import { readXpt, type XptDataset } from '../src/modules/cdisc/formats/xpt.ts';
import { awaitSdtmRun } from '../src/modules/cdisc/sdtm/generate.ts';
import { storageDirOf } from '../src/config.ts';

let t: TestDatabase;
let as: Record<string, Caller>;
let server: TestServer;
let studyId: number;
let studyCode: string;
let runId: number;
let screenFailure: string;
let stillScreening: string;
let notTreated: string;
const files = new BlobStore(storageDirOf(testConfig()));

async function xptOf(domain: string): Promise<XptDataset> {
  const info = await as.monitor!.sdtm.fileInfo({ runId, domain, format: 'xpt' });
  const chunks: Buffer[] = [];
  for await (const c of files.createReadStream(info.sha256)) chunks.push(c as Buffer);
  return readXpt(Buffer.concat(chunks));
}
const records = (ds: XptDataset) => ds.rows.map((r) => Object.fromEntries(ds.variables.map((v, k) => [v.name, r[k]])));

beforeAll(async () => {
  t = await createTestDatabase({ seed: true });
  as = await callersForEveryRole(t.database);
  server = await startServer(t.database);
  const db = t.database.db;
  // a study with at least two subjects still in screening
  const s = await sql<{ id: number; code: string }>`
    select st.id, st.code from studies st join patients p on p.study_id = st.id and p.status = 'screening'
     group by st.id, st.code having count(*) >= 2 order by st.id limit 1`.execute(db);
  studyId = s.rows[0]!.id;
  studyCode = s.rows[0]!.code;
  const screening = await db.selectFrom('patients').select(['id', 'subjectCode', 'version', 'screeningDate']).where('studyId', '=', studyId).where('status', '=', 'screening').orderBy('id').limit(2).execute();
  // one leaves during screening: a screen failure
  await as.admin!.patients.updateStatus({ id: screening[0]!.id, version: screening[0]!.version, status: 'withdrawn', effectiveDate: TEST_TODAY, reason: 'Screen failure: exclusion criterion met' });
  screenFailure = screening[0]!.subjectCode;
  stillScreening = screening[1]!.subjectCode;
  // one randomised subject not (yet) treated: planned arm only
  const randomised = await db.selectFrom('patients').select(['id', 'subjectCode', 'version', 'plannedArmId']).where('studyId', '=', studyId).where('plannedArmId', 'is not', null).orderBy('id').executeTakeFirstOrThrow();
  await as.admin!.design.assignArm({ patientId: randomised.id, version: randomised.version, plannedArmId: randomised.plannedArmId, actualArmId: null, reason: 'No dose given yet' });
  notTreated = randomised.subjectCode;
  runId = (await as['data-manager']!.sdtm.exportSdtm({ studyId })).runId;
  await awaitSdtmRun(runId);
}, 300_000);
afterAll(async () => {
  await server.close();
  await t.cleanup();
});

describe('SDTM trial design datasets', () => {
  it('writes TA: each arm with its elements in order and their epochs', async () => {
    const run = (await as.admin!.sdtm.latestRun({ studyId }))!;
    expect(run.status).toBe('done');
    expect(run.notes.filter((n) => /^(TA|TE)/.test(n))).toEqual([]);
    const ta = records(await xptOf('TA'));
    expect(ta.map((r) => [r.ARMCD, r.TAETORD, r.ETCD, r.EPOCH])).toEqual([
      ['DRUG', 1, 'SCRN', 'SCREENING'],
      ['DRUG', 2, 'DRUG', 'TREATMENT'],
      ['DRUG', 3, 'FU', 'FOLLOW-UP'],
      ['PLACEBO', 1, 'SCRN', 'SCREENING'],
      ['PLACEBO', 2, 'PBO', 'TREATMENT'],
      ['PLACEBO', 3, 'FU', 'FOLLOW-UP'],
    ]);
    expect(ta[0]).toMatchObject({ STUDYID: studyCode, DOMAIN: 'TA', ARM: 'Study drug', ELEMENT: 'Screening', TABRANCH: 'Randomised to Study drug' });
    expect(ta[4]).toMatchObject({ ARM: 'Placebo', ELEMENT: 'Placebo' });
  });

  it('writes TE: one record per element with its rules and ISO 8601 duration', async () => {
    const te = records(await xptOf('TE'));
    expect(te.map((r) => [r.ETCD, r.ELEMENT, r.TEDUR])).toEqual([
      ['DRUG', 'Study drug', 'P28D'],
      ['FU', 'Follow-up', 'P62D'],
      ['PBO', 'Placebo', 'P28D'],
      ['SCRN', 'Screening', 'P14D'],
    ]);
    expect(te.find((r) => r.ETCD === 'SCRN')).toMatchObject({ STUDYID: studyCode, DOMAIN: 'TE', TESTRL: 'Informed consent signed', TEENRL: 'Randomisation at Day 0' });
  });

  it("fills DM's arm variables from the subjects' arms and ARMNRS for those without", async () => {
    const dm = new Map(records(await xptOf('DM')).map((r) => [r.SUBJID as string, r]));
    const { rows } = await sql<{ code: string; planned: string | null; actual: string | null; enrolled: boolean }>`
      select p.subject_code as code, pa.code as planned, aa.code as actual, p.enrollment_date is not null as enrolled
        from patients p left join trial_arms pa on pa.id = p.planned_arm_id left join trial_arms aa on aa.id = p.actual_arm_id
       where p.study_id = ${studyId}`.execute(t.database.db);
    expect(dm.size).toBe(rows.length);
    const randomised = rows.filter((r) => r.enrolled && r.code !== notTreated);
    expect(randomised.length).toBeGreaterThan(0);
    for (const r of randomised) {
      expect(dm.get(r.code)).toMatchObject({ ARMCD: r.planned, ACTARMCD: r.actual, ARMNRS: '' });
      expect(['DRUG', 'PLACEBO']).toContain(r.planned);
    }
    expect(dm.get(randomised[0]!.code)!.ARM).toBe(randomised[0]!.planned === 'DRUG' ? 'Study drug' : 'Placebo');
    expect(dm.get(screenFailure)).toMatchObject({ ARMCD: '', ARM: '', ACTARMCD: '', ACTARM: '', ARMNRS: 'SCREEN FAILURE' });
    expect(dm.get(stillScreening)).toMatchObject({ ARMCD: '', ACTARMCD: '', ARMNRS: 'NOT ASSIGNED' });
    expect(dm.get(notTreated)).toMatchObject({ ARMCD: expect.stringMatching(/^(DRUG|PLACEBO)$/), ACTARMCD: '', ARMNRS: 'ASSIGNED, NOT TREATED' });
  });

  it('describes TA and TE in define.xml as protocol reference data with their keys', async () => {
    const c = new TestClient(server.url);
    await c.login('monitor@demo.local');
    const res = await c.request(`/api/cdisc/sdtm/${runId}/define.xml`);
    expect(res.status).toBe(200);
    const xml = await res.text();
    const group = (name: string) => xml.match(new RegExp(`<ItemGroupDef [^>]*Name="${name}"[^>]*>[\\s\\S]*?</ItemGroupDef>`))?.[0] ?? '';
    expect(group('TA')).toMatch(/IsReferenceData="Yes"/);
    expect(group('TE')).toMatch(/IsReferenceData="Yes"/);
    const keyOf = (g: string, v: string) => g.match(new RegExp(`<ItemRef ItemOID="IT\\.[A-Z]+\\.${v}"[^>]*KeySequence="(\\d)"`))?.[1];
    expect([keyOf(group('TA'), 'STUDYID'), keyOf(group('TA'), 'ARMCD'), keyOf(group('TA'), 'TAETORD')]).toEqual(['1', '2', '3']);
    expect([keyOf(group('TE'), 'STUDYID'), keyOf(group('TE'), 'ETCD')]).toEqual(['1', '2']);
  });

  it('writes no TA or TE for a study without a design, and says so', async () => {
    const created = await as['study-manager']!.studies.create({
      studyId: 'NODESIGN-001', title: 'A study without a design', phase: 'Phase II', status: 'planning', targetEnrollment: 5,
      startDate: '2026-01-01', plannedEndDate: '2027-01-01', budgetTotal: 1000,
    });
    const run = await as.admin!.sdtm.exportSdtm({ studyId: created.id });
    await awaitSdtmRun(run.runId);
    const latest = (await as.admin!.sdtm.latestRun({ studyId: created.id }))!;
    expect(latest.status).toBe('done');
    expect(latest.datasets.map((d) => d.domain)).not.toContain('TA');
    expect(latest.datasets.map((d) => d.domain)).not.toContain('TE');
    expect(latest.notes).toContain('TA and TE not generated: the study defines no arms or elements');
  });
});
