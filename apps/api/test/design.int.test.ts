// Trial design procedures on the seeded demo database: who reads and who changes a study's arms and
// elements (roles and study scope), the refusals (duplicate codes, bad codes and durations, an element in
// use, an arm with subjects, a stale version, an element of another study), the audit trail of each
// change, and a subject's arm assignment (role, site scope, arm of another study, not yet enrolled).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, withActor } from '@ctp/db';
import { createTestDatabase, type TestDatabase } from './support/db.ts';
import { callerAs } from './support/app.ts';
import { callersForEveryRole, rejects, type Caller } from './support/procedures.ts';

let t: TestDatabase;
let as: Record<string, Caller>;
/** A study the coordinator (site-scoped) and the sponsor are members of, with subjects. */
let studyId: number;
let otherStudyId: number;
let coordinatorSite: number;

const auditOf = async (table: string, recordId: number | string) =>
  (
    await sql<{ action: string; reason: string; actorUserId: number | null; changes: Record<string, { old: unknown; new: unknown }>; studyId: number | null }>`
      select e.action, e.reason, e.actor_user_id as "actorUserId", e.changes, s.study_id as "studyId"
        from audit_events e left join audit_event_scope s on s.event_id = e.id
       where e.table_name = ${table} and e.record_id = ${String(recordId)} order by e.id`.execute(t.database.db)
  ).rows;
const userId = async (role: string) =>
  (await t.database.db.selectFrom('users').select('id').where('email', '=', `${role}@demo.local`).executeTakeFirstOrThrow()).id;

beforeAll(async () => {
  t = await createTestDatabase({ seed: true });
  as = await callersForEveryRole(t.database);
  const { rows } = await sql<{ studyId: number; siteId: number }>`
    select m.study_id as "studyId", m.site_id as "siteId" from study_memberships m join users u on u.id = m.user_id
     where u.email = 'coordinator@demo.local'
       and exists (select 1 from study_memberships s join users su on su.id = s.user_id where su.email = 'sponsor@demo.local' and s.study_id = m.study_id)
       and exists (select 1 from patients p where p.study_id = m.study_id and p.site_id = m.site_id and p.enrollment_date is not null)
       and exists (select 1 from patients p where p.study_id = m.study_id and p.site_id <> m.site_id and p.enrollment_date is not null)
     order by m.study_id limit 1`.execute(t.database.db);
  expect(rows.length).toBe(1);
  studyId = rows[0]!.studyId;
  coordinatorSite = rows[0]!.siteId;
  otherStudyId = (await t.database.db.selectFrom('studies').select('id').where('id', '<>', studyId).orderBy('id').executeTakeFirstOrThrow()).id;
}, 300_000);
afterAll(() => t.cleanup());

describe('design.byStudy', () => {
  it('gives every role that sees the study the demo design: two arms through screening, treatment and follow-up', async () => {
    for (const role of ['admin', 'data-manager', 'study-manager', 'investigator', 'coordinator', 'monitor', 'sponsor']) {
      const d = await as[role]!.design.byStudy({ studyId });
      expect(d.arms.map((a) => a.code), role).toEqual(['DRUG', 'PLACEBO']);
    }
    const d = await as.sponsor!.design.byStudy({ studyId });
    expect(d.elements.map((e) => e.code)).toEqual(['DRUG', 'FU', 'PBO', 'SCRN']);
    const placebo = d.arms.find((a) => a.code === 'PLACEBO')!;
    expect(placebo.steps.map((s) => [s.position, s.elementCode, s.epoch])).toEqual([
      [1, 'SCRN', 'SCREENING'],
      [2, 'PBO', 'TREATMENT'],
      [3, 'FU', 'FOLLOW-UP'],
    ]);
    // Randomised subjects alternate between the arms; each element is used by the arms that go through it.
    expect(d.arms.every((a) => a.subjects > 0)).toBe(true);
    expect(Object.fromEntries(d.elements.map((e) => [e.code, e.usedByArms]))).toEqual({ DRUG: 1, FU: 2, PBO: 1, SCRN: 2 });
  });

  it('hides a study outside the scope (NOT_FOUND), for readers and managers alike', async () => {
    const sponsorStudies = await sql<{ id: number }>`select id from studies where id not in (
      select m.study_id from study_memberships m join users u on u.id = m.user_id where u.email = 'sponsor@demo.local') order by id limit 1`.execute(t.database.db);
    await rejects(as.sponsor!.design.byStudy({ studyId: sponsorStudies.rows[0]!.id }), 'NOT_FOUND', 'Study not found');
    const adminId = await userId('admin');
    await withActor(t.database.db, { userId: adminId, reason: 'A manager without studies' }, (tx) =>
      tx.insertInto('users').values({ email: 'lonely-manager@test.local', fullName: 'Lonely Manager', role: 'study-manager', passwordHash: 'x' }).execute(),
    );
    const lonely = await callerAs(t.database, 'lonely-manager@test.local');
    await rejects(lonely.design.byStudy({ studyId }), 'NOT_FOUND');
    await rejects(lonely.design.createArm({ studyId, code: 'X', name: 'X', order: 9, reason: 'Scope test' }), 'NOT_FOUND', 'Study not found');
    await rejects(as.admin!.design.byStudy({ studyId: 2_000_000_000 }), 'NOT_FOUND');
  });
});

describe('design changes', () => {
  it('lets only admins and study managers change the design', async () => {
    for (const role of ['data-manager', 'investigator', 'coordinator', 'monitor', 'sponsor']) {
      await rejects(as[role]!.design.createArm({ studyId, code: 'NOPE', name: 'Nope', order: 5, reason: 'Role test' }), 'FORBIDDEN');
      await rejects(as[role]!.design.createElement({ studyId, code: 'NOPE', name: 'Nope', startRule: 'x', endRule: 'y', reason: 'Role test' }), 'FORBIDDEN');
    }
  });

  it('creates, edits and sequences an arm and an element, each change in the audit trail with its reason', async () => {
    const sm = as['study-manager']!;
    const arm = await sm.design.createArm({ studyId, code: 'LOW_DOSE', name: 'Low dose', description: 'Half the dose', order: 3, reason: 'Protocol amendment 2 adds an arm' });
    expect(arm).toMatchObject({ code: 'LOW_DOSE', name: 'Low dose', order: 3, version: 1 });
    const element = await as.admin!.design.createElement({ studyId, code: 'LOW', name: 'Low dose', startRule: 'First low dose', plannedDuration: 'P28D', reason: 'Protocol amendment 2' });
    expect(element).toMatchObject({ code: 'LOW', endRule: null, plannedDuration: 'P28D' });
    const design = await sm.design.byStudy({ studyId });
    const scrn = design.elements.find((e) => e.code === 'SCRN')!.id;
    const fu = design.elements.find((e) => e.code === 'FU')!.id;
    const seq = await sm.design.setArmSequence({
      armId: arm.id,
      version: arm.version,
      reason: 'Sequence of the new arm',
      steps: [
        { elementId: scrn, epoch: 'SCREENING', branch: 'Randomised to low dose' },
        { elementId: element.id, epoch: 'TREATMENT' },
        { elementId: fu, epoch: 'FOLLOW-UP', transition: 'After the last dose' },
      ],
    });
    expect(seq).toMatchObject({ code: 'LOW_DOSE', version: 2, steps: 3 });
    const edited = await sm.design.updateArm({ id: arm.id, version: 2, reason: 'Clearer name', changes: { name: 'Low dose (50 mg)' } });
    expect(edited).toMatchObject({ name: 'Low dose (50 mg)', version: 3 });
    const after = (await sm.design.byStudy({ studyId })).arms.find((a) => a.code === 'LOW_DOSE')!;
    expect(after.steps.map((s) => [s.position, s.elementCode, s.epoch, s.branch, s.transition])).toEqual([
      [1, 'SCRN', 'SCREENING', 'Randomised to low dose', null],
      [2, 'LOW', 'TREATMENT', null, null],
      [3, 'FU', 'FOLLOW-UP', null, 'After the last dose'],
    ]);

    const smId = await userId('study-manager');
    const armAudit = await auditOf('trial_arms', arm.id);
    expect(armAudit[0]).toMatchObject({ action: 'insert', reason: 'Protocol amendment 2 adds an arm', actorUserId: smId, studyId });
    expect(armAudit.at(-1)).toMatchObject({ action: 'update', reason: 'Clearer name', changes: { name: { old: 'Low dose', new: 'Low dose (50 mg)' } } });
    expect(await auditOf('trial_elements', element.id)).toEqual([expect.objectContaining({ action: 'insert', actorUserId: await userId('admin'), studyId })]);
    const stepAudit = await sql<{ n: number }>`select count(*)::int as n from audit_events e join audit_event_scope s on s.event_id = e.id
      where e.table_name = 'trial_arm_elements' and e.reason = 'Sequence of the new arm' and e.action = 'insert' and s.study_id = ${studyId}`.execute(t.database.db);
    expect(stepAudit.rows[0]!.n).toBe(3);
  });

  it('refuses duplicate and malformed codes, bad durations and an element without an end, saying what is wrong', async () => {
    const sm = as['study-manager']!;
    await rejects(sm.design.createArm({ studyId, code: 'PLACEBO', name: 'Again', order: 4, reason: 'Duplicate' }), 'BAD_REQUEST', 'Arm code PLACEBO is already used in this study');
    await rejects(sm.design.createArm({ studyId, code: 'placebo arm', name: 'x', order: 4, reason: 'Bad code' }), 'BAD_REQUEST', /capital letters, digits and underscores/);
    await rejects(sm.design.createArm({ studyId, code: 'A'.repeat(21), name: 'x', order: 4, reason: 'Long code' }), 'BAD_REQUEST', 'Use at most 20 characters for the arm code');
    await rejects(sm.design.createElement({ studyId, code: 'TOOLONGCD', name: 'x', startRule: 'x', endRule: 'y', reason: 'Long code' }), 'BAD_REQUEST', 'Use at most 8 characters for the element code');
    await rejects(sm.design.createElement({ studyId, code: 'SCRN', name: 'x', startRule: 'x', endRule: 'y', reason: 'Duplicate' }), 'BAD_REQUEST', 'Element code SCRN is already used in this study');
    await rejects(sm.design.createElement({ studyId, code: 'X1', name: 'x', startRule: 'x', plannedDuration: '14 days', reason: 'Bad duration' }), 'BAD_REQUEST', /ISO 8601/);
    await rejects(sm.design.createElement({ studyId, code: 'X1', name: 'x', startRule: 'x', plannedDuration: 'P', reason: 'Empty duration' }), 'BAD_REQUEST', /ISO 8601/);
    await rejects(sm.design.createElement({ studyId, code: 'X1', name: 'x', startRule: 'x', reason: 'No end' }), 'BAD_REQUEST', 'Give an end rule or a planned duration');
    const fu = (await sm.design.byStudy({ studyId })).elements.find((e) => e.code === 'FU')!;
    await rejects(sm.design.updateElement({ id: fu.id, version: fu.version, reason: 'Clear both', changes: { endRule: null, plannedDuration: null } }), 'BAD_REQUEST', 'Give an end rule or a planned duration');
  });

  it('refuses to delete an element in use or an arm with subjects, and a stale version', async () => {
    const sm = as['study-manager']!;
    const d = await sm.design.byStudy({ studyId });
    const scrn = d.elements.find((e) => e.code === 'SCRN')!;
    await rejects(sm.design.deleteElement({ id: scrn.id, version: scrn.version, reason: 'Remove' }), 'PRECONDITION_FAILED', /Element SCRN is used by arms DRUG, LOW_DOSE, PLACEBO: remove it from their sequence/);
    const drug = d.arms.find((a) => a.code === 'DRUG')!;
    await rejects(sm.design.deleteArm({ id: drug.id, version: drug.version, reason: 'Remove' }), 'PRECONDITION_FAILED', new RegExp(`Arm DRUG is assigned to ${drug.subjects} subjects`));
    await rejects(sm.design.updateArm({ id: drug.id, version: drug.version + 5, reason: 'Stale', changes: { name: 'x' } }), 'CONFLICT');
    // Nothing was removed.
    const again = await sm.design.byStudy({ studyId });
    expect(again.arms.length).toBe(d.arms.length);
    expect(again.elements.length).toBe(d.elements.length);
  });

  it('refuses an element of another study in a sequence', async () => {
    const sm = as['study-manager']!;
    const foreign = (await sm.design.byStudy({ studyId: otherStudyId })).elements[0]!;
    const arm = (await sm.design.byStudy({ studyId })).arms.find((a) => a.code === 'LOW_DOSE')!;
    await rejects(
      sm.design.setArmSequence({ armId: arm.id, version: arm.version, reason: 'Wrong element', steps: [{ elementId: foreign.id, epoch: 'TREATMENT' }] }),
      'BAD_REQUEST',
      'Step 1: choose an element of this study',
    );
    await rejects(
      sm.design.setArmSequence({ armId: arm.id, version: arm.version, reason: 'Lower case epoch', steps: [{ elementId: arm.steps[0]!.elementId, epoch: 'treatment' }] }),
      'BAD_REQUEST',
      /capital letters/,
    );
  });

  it('deletes an arm without subjects with its sequence, and an element no longer used, both audited', async () => {
    const sm = as['study-manager']!;
    let d = await sm.design.byStudy({ studyId });
    const arm = d.arms.find((a) => a.code === 'LOW_DOSE')!;
    expect(await sm.design.deleteArm({ id: arm.id, version: arm.version, reason: 'Amendment withdrawn' })).toEqual({ id: arm.id, code: 'LOW_DOSE' });
    d = await sm.design.byStudy({ studyId });
    const low = d.elements.find((e) => e.code === 'LOW')!;
    expect(low.usedByArms).toBe(0);
    await as.admin!.design.deleteElement({ id: low.id, version: low.version, reason: 'Amendment withdrawn' });
    d = await sm.design.byStudy({ studyId });
    expect(d.arms.map((a) => a.code)).toEqual(['DRUG', 'PLACEBO']);
    expect(d.elements.map((e) => e.code)).not.toContain('LOW');
    expect((await auditOf('trial_arms', arm.id)).at(-1)).toMatchObject({ action: 'delete', reason: 'Amendment withdrawn', studyId });
    expect((await auditOf('trial_elements', low.id)).at(-1)).toMatchObject({ action: 'delete', reason: 'Amendment withdrawn' });
    const steps = await sql<{ n: number }>`select count(*)::int as n from audit_events where table_name = 'trial_arm_elements' and action = 'delete' and reason = 'Amendment withdrawn'`.execute(t.database.db);
    expect(steps.rows[0]!.n).toBe(3);
  });
});

describe('design.assignArm', () => {
  const subjectAt = async (where: ReturnType<typeof sql>) =>
    (await sql<{ id: number; version: number }>`select id, version from patients p where p.study_id = ${studyId} and ${where} order by id limit 1`.execute(t.database.db)).rows[0]!;

  it('lets site staff assign the planned and actual arm of a subject at their site, with the reason in the audit trail', async () => {
    const p = await subjectAt(sql`p.site_id = ${coordinatorSite} and p.enrollment_date is not null`);
    const before = await as.coordinator!.design.subjectArm({ patientId: p.id });
    expect(before.arms.map((a) => a.code)).toEqual(['DRUG', 'PLACEBO']);
    expect(before.plannedArm).not.toBeNull();
    const other = before.arms.find((a) => a.id !== before.plannedArm!.id)!;
    const saved = await as.coordinator!.design.assignArm({ patientId: p.id, version: p.version, plannedArmId: before.plannedArm!.id, actualArmId: other.id, reason: 'Dispensing error: received the other arm' });
    expect(saved).toMatchObject({ plannedArmId: before.plannedArm!.id, actualArmId: other.id, version: p.version + 1 });
    const after = await as.monitor!.design.subjectArm({ patientId: p.id });
    expect(after.actualArm).toEqual({ id: other.id, code: other.code, name: other.name });
    expect((await auditOf('patients', p.id)).at(-1)).toMatchObject({
      action: 'update',
      reason: 'Dispensing error: received the other arm',
      actorUserId: await userId('coordinator'),
      changes: { actualArmId: { old: before.actualArm!.id, new: other.id } },
    });
  });

  it('refuses roles without the permission, other sites, arms of another study, and subjects not enrolled', async () => {
    const p = await subjectAt(sql`p.site_id <> ${coordinatorSite} and p.enrollment_date is not null`);
    const arms = (await as.admin!.design.byStudy({ studyId })).arms;
    const input = { patientId: p.id, version: p.version, plannedArmId: arms[0]!.id, actualArmId: arms[0]!.id, reason: 'Assignment test' };
    for (const role of ['monitor', 'sponsor', 'data-manager']) await rejects(as[role]!.design.assignArm(input), 'FORBIDDEN');
    await rejects(as.coordinator!.design.assignArm(input), 'NOT_FOUND', 'Patient not found');
    await rejects(as.coordinator!.design.subjectArm({ patientId: p.id }), 'NOT_FOUND');
    const foreign = (await as.admin!.design.byStudy({ studyId: otherStudyId })).arms[0]!;
    await rejects(as.admin!.design.assignArm({ ...input, plannedArmId: foreign.id }), 'BAD_REQUEST', "Choose an arm of the subject's study");
    await rejects(as.admin!.design.assignArm({ ...input, plannedArmId: null }), 'BAD_REQUEST', 'Assign a planned arm before the actual arm');
    await rejects(as.admin!.design.assignArm({ ...input, version: p.version + 1 }), 'CONFLICT');
    const screening = await subjectAt(sql`p.enrollment_date is null`);
    await rejects(
      as.admin!.design.assignArm({ ...input, patientId: screening.id, version: screening.version }),
      'PRECONDITION_FAILED',
      'Enrol the subject before assigning an arm',
    );
    // Admins act for every site.
    const ok = await as.admin!.design.assignArm(input);
    expect(ok.plannedArmId).toBe(arms[0]!.id);
  });
});
