// Blinding (issue 27 item 3) on the seeded demo database: a study's blinding is stored, edited (audited)
// and shown; in the demo's double-blind study the investigator, coordinator, monitor and sponsor read no
// subject arm anywhere (subject card, patient list and its CSV, casebook, search, audit trail and recent
// activity values) and are refused assigning one; the data manager's SDTM run of the study is a blinded
// run (DM's arms blank) and an administrator's unblinded run is closed to them; the study manager and the
// administrator see the arms.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, withActor } from '@ctp/db';
import { createTestDatabase, type TestDatabase } from './support/db.ts';
import { callersForEveryRole, rejects, type Caller } from './support/procedures.ts';
import { trialSummary } from '../src/modules/cdisc/sdtm/trial-summary.ts';
import { awaitSdtmRun } from '../src/modules/cdisc/sdtm/generate.ts';
import { awaitValidation } from '../src/modules/cdisc/validation/run.ts';

let t: TestDatabase;
let as: Record<string, Caller>;
let studyId: number;
let openStudyId: number;
/** A randomised subject of the blinded study at the site staff's site. */
let subject: { id: number; subjectCode: string; version: number; plannedArmId: number; actualArmId: number | null };

const BLINDED_ROLES = ['investigator', 'coordinator', 'monitor', 'sponsor'] as const;
const UNBLINDED_ROLES = ['study-manager', 'admin'] as const;

/** No arm in a response: no arm key, no arm code or name as a value. */
function expectNoArm(value: unknown, what: string) {
  const json = JSON.stringify(value);
  expect(json, what).not.toMatch(/"(plannedArm|actualArm|planned_arm_id|actual_arm_id|arms?)"\s*:\s*(?!null|\[\])/i);
  expect(json, what).not.toMatch(/"(PLACEBO|STUDY DRUG|Placebo|Study drug)"|Placebo \(PLACEBO\)|Study drug \(DRUG\)/);
}

beforeAll(async () => {
  t = await createTestDatabase({ seed: true });
  as = await callersForEveryRole(t.database);
  const db = t.database.db;
  const blinded = await db.selectFrom('studies').select(['id']).where('blinding', '=', 'double_blind').orderBy('id').execute();
  expect(blinded.length).toBeGreaterThan(0);
  studyId = blinded[0]!.id;
  openStudyId = (await db.selectFrom('studies').select('id').where('blinding', '=', 'open_label').orderBy('id').executeTakeFirstOrThrow()).id;
  // The demo sponsor is a member of another sponsor's studies only: make them a member of this one too.
  const sponsor = await db.selectFrom('users').select('id').where('email', '=', 'sponsor@demo.local').executeTakeFirstOrThrow();
  await withActor(db, { userId: null, reason: 'Blinding test: the sponsor follows the blinded study' }, (tx) =>
    tx.insertInto('studyMemberships').values({ userId: sponsor.id, studyId, role: 'sponsor', siteId: null }).execute(),
  );
  as = await callersForEveryRole(t.database);
  const { rows } = await sql<typeof subject>`
    select p.id, p.subject_code as "subjectCode", p.version, p.planned_arm_id as "plannedArmId", p.actual_arm_id as "actualArmId"
      from patients p join study_memberships m on m.study_id = p.study_id and m.site_id = p.site_id
      join users u on u.id = m.user_id and u.email = 'coordinator@demo.local'
     where p.study_id = ${studyId} and p.planned_arm_id is not null order by p.id limit 1`.execute(db);
  expect(rows.length).toBe(1);
  subject = rows[0]!;
}, 300_000);
afterAll(() => t.cleanup());

describe('a study\'s blinding', () => {
  it('is shown on the study and changed with a reason, audited', async () => {
    expect((await as.monitor!.studies.byId({ id: studyId })).blinding).toBe('double_blind');
    const open = await as.admin!.studies.byId({ id: openStudyId });
    expect(open.blinding).toBe('open_label');
    await as.admin!.studies.update({ id: openStudyId, version: open.version, reason: 'Protocol amendment 2: single-blind', changes: { blinding: 'single_blind' } });
    expect((await as.admin!.studies.byId({ id: openStudyId })).blinding).toBe('single_blind');
    const { rows } = await sql<{ changes: Record<string, { old: unknown; new: unknown }>; reason: string }>`
      select changes, reason from audit_events where table_name = 'studies' and record_id = ${String(openStudyId)} order by id desc limit 1`.execute(t.database.db);
    expect(rows[0]).toMatchObject({ reason: 'Protocol amendment 2: single-blind', changes: { blinding: { old: 'open_label', new: 'single_blind' } } });
    await rejects(
      as.admin!.studies.update({ id: openStudyId, version: open.version + 1, reason: 'Bad value', changes: { blinding: 'triple' as never } }),
      'BAD_REQUEST',
    );
  });

  it('writes TBLIND with its CDISC CT term and code (open-label: no term in the shipped CT, TSVALNF NI)', () => {
    const study = { code: 'S', title: 'T', phase: 'Phase II', startDate: null, actualEndDate: null, targetEnrollment: 10, sponsorName: null, therapeuticArea: null };
    const tblind = (blinding: string) =>
      trialSummary({ study: { ...study, blinding }, enrolledSubjects: 0, sdtmigVersion: '3.4', arms: [], elements: [], countries: [] }).records.find((r) => r.TSPARMCD === 'TBLIND');
    expect(tblind('double_blind')).toMatchObject({ TSVAL: 'DOUBLE BLIND', TSVALNF: null, TSVALCD: 'C15228', TSVCDREF: 'CDISC CT' });
    expect(tblind('single_blind')).toMatchObject({ TSVAL: 'SINGLE BLIND', TSVALCD: 'C28233' });
    expect(tblind('open_label')).toMatchObject({ TSVAL: null, TSVALNF: 'NI' });
  });
});

describe('in a double-blind study', () => {
  it('hides the arms from the investigator, coordinator, monitor and sponsor on every screen', async () => {
    for (const role of BLINDED_ROLES) {
      const card = await as[role]!.design.subjectArm({ patientId: subject.id });
      expect(card, role).toMatchObject({ armsHidden: true, plannedArm: null, actualArm: null, arms: [] });
      const list = await as[role]!.patients.list({ studyId, search: subject.subjectCode, limit: 25, offset: 0 });
      expect(list.items.map((p) => p.id), role).toContain(subject.id);
      expectNoArm(list, `${role} patients.list`);
      const csv = await as[role]!.patients.exportCsv({ studyId });
      expect(csv.content.split('\n')[0], role).not.toMatch(/arm/i);
      expectNoArm(csv.content.replace(/,/g, '","'), `${role} export`);
      const casebook = await as[role]!.casebook.view({ patientId: subject.id });
      expectNoArm(casebook, `${role} casebook`);
      const found = await as[role]!.search.global({ term: subject.subjectCode });
      expectNoArm(found, `${role} search`);
    }
  });

  it('shows them to the study manager and the administrator', async () => {
    for (const role of UNBLINDED_ROLES) {
      const card = await as[role]!.design.subjectArm({ patientId: subject.id });
      expect(card.armsHidden, role).toBe(false);
      expect(card.plannedArm?.id, role).toBe(subject.plannedArmId);
      expect(card.arms.length, role).toBe(2);
    }
  });

  it('refuses assigning an arm to site staff (FORBIDDEN); the study manager assigns', async () => {
    const other = (await as['study-manager']!.design.subjectArm({ patientId: subject.id })).arms.find((a) => a.id !== subject.plannedArmId)!;
    const input = { patientId: subject.id, version: subject.version, plannedArmId: subject.plannedArmId, actualArmId: other.id, reason: 'Dispensing error: received the other kit' };
    for (const role of ['coordinator', 'investigator'] as const) {
      await rejects(as[role]!.design.assignArm(input), 'FORBIDDEN', 'Arms of a blinded study are shown only to administrators and the study\'s unblinded team');
    }
    for (const role of ['monitor', 'sponsor'] as const) await rejects(as[role]!.design.assignArm(input), 'FORBIDDEN');
    const saved = await as['study-manager']!.design.assignArm(input);
    expect(saved.actualArmId).toBe(other.id);
    subject.version = saved.version;
    subject.actualArmId = other.id;
  });

  it('redacts arm values in the audit trail and recent activity for blinded roles', async () => {
    const armEntries = async (role: string) =>
      (await as[role]!.audit.trail({ studyId, patientId: subject.id, limit: 100 })).items.filter((e) => e.table === 'patients' && /_arm_id$/.test(e.field));
    const manager = await armEntries('study-manager');
    expect(manager.some((e) => e.field === 'actual_arm_id' && e.newValue === subject.actualArmId)).toBe(true);
    const monitor = await armEntries('monitor');
    expect(monitor.length).toBe(manager.length);
    for (const e of monitor) {
      expect(e.newValue === null || e.newValue === '[redacted]').toBe(true);
      expect(e.oldValue === null || e.oldValue === '[redacted]').toBe(true);
    }
    expect(monitor.some((e) => e.newValue === '[redacted]')).toBe(true);
    // site staff and sponsors do not read the audit trail at all
    for (const role of ['investigator', 'coordinator', 'sponsor']) await rejects(as[role]!.audit.trail({ studyId, limit: 5 }), 'FORBIDDEN');

    const activity = await as.monitor!.studies.recentActivity({ studyId, limit: 20 });
    const armFields = activity.flatMap((e) => (e.table === 'patients' ? e.fields.filter((f) => /_arm_id$|ArmId$/.test(f.field)) : []));
    expect(armFields.length).toBeGreaterThan(0);
    for (const f of armFields) expect(f.newValue === null || f.newValue === '[redacted]').toBe(true);
    const managerActivity = await as['study-manager']!.studies.recentActivity({ studyId, limit: 20 });
    expect(managerActivity.flatMap((e) => e.fields).some((f) => /^actual(_arm_id|ArmId)$/.test(f.field) && f.newValue === subject.actualArmId)).toBe(true);
  });

  it('gives a blinded data manager a blinded SDTM run: DM arms blank, said in the run and define.xml; the admin\'s run has them and stays closed', async () => {
    const dm = as['data-manager']!;
    const admin = as.admin!;
    const full = await admin.sdtm.exportSdtm({ studyId });
    await awaitSdtmRun(full.runId);
    const blind = await dm.sdtm.exportSdtm({ studyId });
    expect(blind.runId).not.toBe(full.runId);
    await awaitSdtmRun(blind.runId);
    const armColumns = async (who: Caller, runId: number) => {
      const page = await who.sdtm.preview({ runId, domain: 'DM', limit: 200 });
      expect(page.total).toBeLessThanOrEqual(200);
      const col = (n: string) => page.columns.findIndex((c) => c.name === n);
      // SDTMIG 3.4 keeps the arm variables (Expected) in DM even when every value is blank
      expect(['ARMCD', 'ARM', 'ACTARMCD', 'ACTARM', 'ARMNRS'].map(col).every((k) => k >= 0)).toBe(true);
      return page.rows.map((r) => Object.fromEntries(['USUBJID', 'ARMCD', 'ARM', 'ACTARMCD', 'ACTARM', 'ARMNRS'].map((n) => [n, r[col(n)] ?? ''])));
    };
    const filled = await armColumns(admin, full.runId);
    const blank = await armColumns(dm, blind.runId);
    const usubjid = `${(await admin.studies.byId({ id: studyId })).studyId}-${subject.subjectCode}`;
    // the unblinded run: the randomised subject's arms are there
    const mine = filled.find((r) => r.USUBJID === usubjid)!;
    expect(mine.ARMCD).not.toBe('');
    expect(mine.ARM).not.toBe('');
    expect(filled.filter((r) => r.ARMCD !== '').length).toBeGreaterThan(0);
    // the blinded run: the same subjects, every arm variable blank; ARMNRS only where there is no arm
    expect(blank.map((r) => r.USUBJID)).toEqual(filled.map((r) => r.USUBJID));
    for (const r of blank) expect([r.ARMCD, r.ARM, r.ACTARMCD, r.ACTARM]).toEqual(['', '', '', '']);
    expect(blank.find((r) => r.USUBJID === usubjid)!.ARMNRS).toBe(mine.ARMNRS);
    expect(blank.map((r) => r.ARMNRS)).toEqual(filled.map((r) => r.ARMNRS));
    // the run says so; the data manager is shown the blinded run, the admin the newest of both
    const latest = (await dm.sdtm.latestRun({ studyId }))!;
    expect(latest).toMatchObject({ id: blind.runId, blinded: true });
    expect(latest.notes).toContain('Blinded run: ARM, ARMCD, ACTARM, ACTARMCD written blank');
    expect((await admin.sdtm.latestRun({ studyId }))!).toMatchObject({ id: blind.runId, blinded: true });
    const fullRun = await admin.sdtm.exportSdtm({ studyId });
    await awaitSdtmRun(fullRun.runId);
    expect((await admin.sdtm.latestRun({ studyId }))!).toMatchObject({ id: fullRun.runId, blinded: false });
    expect((await dm.sdtm.latestRun({ studyId }))!.id).toBe(blind.runId);
    // define.xml: the comment, on DM's arm variables
    const define = (await dm.sdtm.archive({ runId: blind.runId })).defineXml;
    expect(define).toContain('Blinded run: ARM, ARMCD, ACTARM, ACTARMCD written blank');
    expect(define).toMatch(/<ItemDef OID="IT\.DM\.ARMCD"[^>]*def:CommentOID="COM\.DM\.BLINDED"/);
    expect((await admin.sdtm.archive({ runId: full.runId })).defineXml).not.toContain('COM.DM.BLINDED');
    // the unblinded run is closed to the blinded reader: preview, files, archive, encoding report
    await rejects(dm.sdtm.preview({ runId: full.runId, domain: 'DM' }), 'FORBIDDEN', 'Arms of a blinded study');
    await rejects(dm.sdtm.fileInfo({ runId: full.runId, domain: 'DM', format: 'xpt' }), 'FORBIDDEN');
    await rejects(dm.sdtm.archive({ runId: full.runId }), 'FORBIDDEN');
    await rejects(dm.sdtm.encodingReport({ runId: full.runId }), 'FORBIDDEN');
    // the blinded reader validates the blinded run, whichever is newer
    const blindValidation = await dm.validation.run({ studyId });
    expect(blindValidation.sdtmRunId).toBe(blind.runId);
    await awaitValidation(blindValidation.validationRunId);
    const fullValidation = await admin.validation.run({ studyId });
    expect(fullValidation.sdtmRunId).toBe(fullRun.runId);
    await awaitValidation(fullValidation.validationRunId);
    expect((await dm.validation.latest({ studyId }))!.sdtmRunId).toBe(blind.runId);
    expect((await admin.validation.latest({ studyId }))!.sdtmRunId).toBe(fullRun.runId);
    // what validation reports of the blinded run and not of the full one: the rules that want ARMNRS
    // when an arm variable is blank (no ARMNRS term says "blinded"; README, "Blinded SDTM runs")
    const findings = async (id: number) =>
      (await sql<{ coreId: string; n: number }>`select core_id as "coreId", count(*)::int as n from sdtm_validation_findings
        where validation_run_id = ${id} and core_id is not null group by core_id order by core_id`.execute(t.database.db)).rows;
    const [inBlind, inFull] = [await findings(blindValidation.validationRunId), await findings(fullValidation.validationRunId)];
    const ids = (rows: { coreId: string }[]) => rows.map((r) => r.coreId);
    const onlyBlind = ids(inBlind).filter((id) => !ids(inFull).includes(id));
    expect(onlyBlind).toEqual(['CORE-000045', 'CORE-000046', 'CORE-000223', 'CORE-000224']);
    // and what only the full run reports are rules about filled arms (ARMCD against ACTARMCD, ARM against
    // ACTARM, DS records of subjects with an ACTARMCD), which have nothing to say of blank ones
    for (const id of ids(inFull).filter((x) => !ids(inBlind).includes(x))) expect(['CORE-000296', 'CORE-000655', 'CORE-000656']).toContain(id);
  });

  it('open-label studies are not concerned', async () => {
    const openCard = await as.monitor!.design.subjectArm({
      patientId: (await t.database.db.selectFrom('patients').select('id').where('studyId', '=', openStudyId).orderBy('id').executeTakeFirstOrThrow()).id,
    }).catch(() => null);
    // single-blind since the first test: hidden as well, when the monitor may see the subject
    if (openCard) expect(openCard.armsHidden).toBe(true);
  });
});
