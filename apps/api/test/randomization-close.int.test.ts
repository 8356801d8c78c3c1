// Closing the randomization issue (issue 30) on the seeded demo database, in its double-blind study:
// - a statistician's list uploaded in place of the generated one: refused with its rows named (and by a
//   blinded study manager), sealed with its sha256 when right; randomize takes its next slot and the
//   list's own number;
// - a documented correction: only the unblinded team's data manager or an administrator, password again,
//   reason; the allocation kept, the subject's actual arm changed, audited with the arms masked for
//   blinded readers;
// - planned unblinding of the whole study: refused before database lock, the requester cannot approve,
//   a second administrator approves; then every member sees arms, and the unblinding report (also CSV)
//   lists the emergency and the planned unblinding, refused to blinded readers before.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword, sql, withActor } from '@ctp/db';
import { createTestDatabase, TEST_PASSWORD, TEST_TODAY, type TestDatabase } from './support/db.ts';
import { callerAs } from './support/app.ts';
import { callersForEveryRole, csvObjects, parseCsv, rejects, type Caller } from './support/procedures.ts';

let t: TestDatabase;
let as: Record<string, Caller>;
let secondAdmin: Caller;
let studyId: number;
let siteId: number;
let arms: { id: number; code: string; name: string }[];
let criteria: { id: number; kind: string }[];
let seq = 0;

const eligible = () => criteria.map((c) => ({ criterionId: c.id, met: c.kind === 'inclusion' }));
const manager = () => as['study-manager']!;

async function subject() {
  seq++;
  return withActor(t.database.db, { userId: null, reason: 'Randomization test subject' }, (tx) =>
    tx
      .insertInto('patients')
      .values({ subjectCode: `RZC-${String(seq).padStart(4, '0')}`, studyId, siteId, status: 'enrolled', yearOfBirth: 1970, sex: 'F', screeningDate: TEST_TODAY, enrollmentDate: TEST_TODAY })
      .returning(['id', 'subjectCode'])
      .executeTakeFirstOrThrow(),
  );
}

async function randomize(sex: 'F' | 'M') {
  const s = await subject();
  const answer = await as.coordinator!.randomization.randomize({ patientId: s.id, stratumValues: { sex }, eligibility: eligible(), confirmed: true });
  return { ...s, answer };
}

/** 2 arms 1:1, one factor (sex): blocks of 2 with numbers 5001… (F) and 6001… (M). */
function listCsv(rowsPerStratum = 4) {
  const lines = ['randomization_number,stratum,treatment_code,block'];
  for (const [stratum, start] of [['sex=F', 5001], ['sex=M', 6001]] as const) {
    for (let i = 0; i < rowsPerStratum; i++) lines.push(`${start + i},${stratum},${arms[(i + (i >> 1)) % 2]!.code},${(i >> 1) + 1}`);
  }
  return lines.join('\n');
}

beforeAll(async () => {
  t = await createTestDatabase({ seed: true });
  const db = t.database.db;
  studyId = (await db.selectFrom('studies').select('id').where('blinding', '=', 'double_blind').orderBy('id').executeTakeFirstOrThrow()).id;
  as = await callersForEveryRole(t.database);
  const passwordHash = await hashPassword(TEST_PASSWORD);
  await withActor(db, { userId: null, reason: 'A second administrator for the two-person rule' }, (tx) =>
    tx.insertInto('users').values({ email: 'admin2@test.local', fullName: 'Second Admin', role: 'admin', passwordHash }).execute(),
  );
  secondAdmin = await callerAs(t.database, 'admin2@test.local');
  siteId = (
    await sql<{ siteId: number }>`select m.site_id as "siteId" from study_memberships m join users u on u.id = m.user_id
      where u.email = 'coordinator@demo.local' and m.study_id = ${studyId}`.execute(db)
  ).rows[0]!.siteId;
  arms = (await db.selectFrom('trialArms').select(['id', 'code', 'name']).where('studyId', '=', studyId).orderBy('sortOrder').execute()).slice(0, 2);
  criteria = await db.selectFrom('studyEligibilityCriteria').select(['id', 'kind']).where('studyId', '=', studyId).execute();
  // The demo's live minimization scheme (no allocation yet) becomes a draft stratified list scheme.
  const live = await manager().randomization.get({ studyId });
  await manager().randomization.save({
    studyId,
    kind: 'production',
    version: live.production?.version,
    reason: 'The statistician provides the list',
    method: 'blocks',
    arms: arms.map((a) => ({ armId: a.id, ratio: 1 })),
    factors: [{ key: 'sex', label: 'Sex', source: 'subject', levels: ['F', 'M'], weight: 1 }],
    blockSizes: [2],
    minimization: null,
    plannedEnrollment: 8,
    marginPercent: 0,
  });
}, 300_000);
afterAll(() => t.cleanup());

describe('uploading a list', () => {
  const version = async () => (await manager().randomization.get({ studyId })).production!.version;

  it('is refused to a blinded study manager and to roles that do not manage schemes', async () => {
    const sm = await t.database.db.selectFrom('users').select('id').where('email', '=', 'study-manager@demo.local').executeTakeFirstOrThrow();
    await as.admin!.randomization.setUnblinded({ studyId, userId: sm.id, unblinded: false, reason: 'Test: blinded for a moment' });
    try {
      await rejects(manager().randomization.uploadList({ studyId, version: await version(), csv: listCsv(), reason: 'Statistician list' }), 'FORBIDDEN');
    } finally {
      await as.admin!.randomization.setUnblinded({ studyId, userId: sm.id, unblinded: true, reason: 'Test: unblinded again' });
    }
    await rejects(as['data-manager']!.randomization.uploadList({ studyId, version: await version(), csv: listCsv(), reason: 'Statistician list' }), 'FORBIDDEN');
    await rejects(as.coordinator!.randomization.uploadList({ studyId, version: await version(), csv: listCsv(), reason: 'Statistician list' }), 'FORBIDDEN');
  });

  it('refuses a wrong list naming its rows, never an arm, and nothing goes live', async () => {
    const lines = listCsv().split('\n');
    const cells = (i: number) => lines[i]!.split(',');
    lines[2] = ['5001', ...cells(2).slice(1)].join(','); // line 3: repeats 5001
    lines[6] = [...cells(6).slice(0, 2), 'NOT-AN-ARM', cells(6)[3]].join(','); // line 7: unknown arm
    const err = await rejects(manager().randomization.uploadList({ studyId, version: await version(), csv: lines.join('\n'), reason: 'Statistician list' }), 'BAD_REQUEST');
    expect(err.message).toMatch(/Row 3: Randomization number 5001 repeats row 2/);
    expect(err.message).toMatch(/Row 7: Not an arm or treatment code of the scheme/);
    for (const a of arms) expect(err.message).not.toContain(a.name);
    expect((await manager().randomization.get({ studyId })).production!.status).toBe('draft');
    const lists = await t.database.db.selectFrom('randomizationLists').select('id').where('studyId', '=', studyId).execute();
    expect(lists).toEqual([]);
  });

  it('seals a right list with its sha256 and goes live; randomize takes its slots and numbers', async () => {
    const csv = listCsv();
    const done = await manager().randomization.uploadList({ studyId, version: await version(), csv, reason: 'Statistician list v1.0' });
    expect(done).toMatchObject({ rows: 8, strata: 2, fileSha256: createHash('sha256').update(csv).digest('hex') });
    expect(done.scheme.status).toBe('live');
    const list = await t.database.db.selectFrom('randomizationLists').selectAll().where('studyId', '=', studyId).executeTakeFirstOrThrow();
    expect(list).toMatchObject({ source: 'uploaded', seed: null, fileSha256: done.fileSha256, listHash: done.listHash });
    const first = await randomize('M');
    expect(first.answer).toMatchObject({ randomizationNumber: '6001', armsHidden: true, arm: null });
    const second = await randomize('M');
    expect(second.answer.randomizationNumber).toBe('6002');
    const rows = await as.admin!.randomization.allocations({ studyId });
    expect(rows.find((r) => r.patientId === first.id)!.arm.code).toBe(arms[0]!.code);
    expect(rows.find((r) => r.patientId === second.id)!.arm.code).toBe(arms[1]!.code);
    // Uploading again: the scheme is live.
    await rejects(manager().randomization.uploadList({ studyId, version: await version(), csv, reason: 'Again' }), 'PRECONDITION_FAILED');
  });
});

describe('correcting an allocation', () => {
  let target: { id: number; subjectCode: string };
  beforeAll(async () => {
    target = await randomize('F');
  });

  it('is refused to a blinded data manager, to site staff, with a wrong password, to the same arm', async () => {
    const current = await currentArm();
    const other = arms.find((a) => a.code !== current)!;
    await rejects(as['data-manager']!.randomization.correct({ patientId: target.id, armId: other.id, reason: 'Wrong kit dispensed at visit 1', password: TEST_PASSWORD }), 'FORBIDDEN');
    await rejects(as.coordinator!.randomization.correct({ patientId: target.id, armId: other.id, reason: 'Wrong kit dispensed at visit 1', password: TEST_PASSWORD }), 'FORBIDDEN');
    await rejects(as.admin!.randomization.correct({ patientId: target.id, armId: other.id, reason: 'Wrong kit dispensed at visit 1', password: 'not-the-password' }), 'BAD_REQUEST', /password is not correct/);
    const same = arms.find((a) => a.code === current)!;
    await rejects(as.admin!.randomization.correct({ patientId: target.id, armId: same.id, reason: 'Wrong kit dispensed at visit 1', password: TEST_PASSWORD }), 'BAD_REQUEST', /already has this arm/);
    expect(await t.database.db.selectFrom('randomizationCorrections').select('id').execute()).toEqual([]);
  });

  it('by the unblinded data manager: the allocation kept, the actual arm changed, audited and masked for blinded readers', async () => {
    const dm = await t.database.db.selectFrom('users').select('id').where('email', '=', 'data-manager@demo.local').executeTakeFirstOrThrow();
    await as.admin!.randomization.setUnblinded({ studyId, userId: dm.id, unblinded: true, reason: 'Data manager joins the unblinded team' });
    const before = await t.database.db.selectFrom('randomizationAllocations').selectAll().where('patientId', '=', target.id).executeTakeFirstOrThrow();
    const to = arms.find((a) => a.id !== before.armId)!;
    const done = await as['data-manager']!.randomization.correct({ patientId: target.id, armId: to.id, reason: 'Kit of the other arm dispensed by mistake', password: TEST_PASSWORD });
    expect(done.arm.id).toBe(to.id);
    const after = await t.database.db.selectFrom('randomizationAllocations').selectAll().where('patientId', '=', target.id).executeTakeFirstOrThrow();
    expect(after).toEqual(before);
    const p = await t.database.db.selectFrom('patients').select(['plannedArmId', 'actualArmId']).where('id', '=', target.id).executeTakeFirstOrThrow();
    expect(p).toEqual({ plannedArmId: before.armId, actualArmId: to.id });
    const row = await t.database.db.selectFrom('randomizationCorrections').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ allocationId: before.id, fromArmId: before.armId, toArmId: to.id, correctedBy: dm.id, reason: 'Kit of the other arm dispensed by mistake' });
    // Nobody can change or remove the correction or the allocation.
    await expect(sql`update randomization_corrections set to_arm_id = ${before.armId}`.execute(t.database.db)).rejects.toThrow(/cannot be undone/);
    await expect(sql`delete from randomization_allocations where id = ${before.id}`.execute(t.database.db)).rejects.toThrow(/cannot be undone/);
    // The audit trail: the correction's arms are masked for the monitor, shown to the administrator.
    const trail = async (c: Caller) => (await c.audit.trail({ studyId, table: 'randomization_corrections', limit: 50 })).items;
    const masked = (await trail(as.monitor!)).filter((e) => e.field === 'to_arm_id' || e.field === 'from_arm_id');
    expect(masked.length).toBe(2);
    for (const e of masked) expect(e.newValue).toBe('[redacted]');
    const shown = (await trail(as.admin!)).find((e) => e.field === 'to_arm_id')!;
    expect(String(shown.newValue)).toBe(String(to.id));
    // The investigator unblinding the subject in an emergency is told the arm it receives now.
    const unblinded = await as.investigator!.randomization.emergencyUnblind({ patientId: target.id, reason: 'Emergency surgery, anaesthetist asks', password: TEST_PASSWORD });
    expect(unblinded.arm.id).toBe(to.id);
  });

  async function currentArm() {
    const rows = await as.admin!.randomization.allocations({ studyId });
    return rows.find((r) => r.patientId === target.id)!.arm.code;
  }
});

describe('planned unblinding of the whole study', () => {
  let emergencyFor: { id: number; subjectCode: string };
  beforeAll(async () => {
    emergencyFor = await randomize('F');
    await as.investigator!.randomization.emergencyUnblind({ patientId: emergencyFor.id, reason: 'Severe allergic reaction in hospital', password: TEST_PASSWORD });
  });

  it('is refused before database lock, to non-administrators; the report is refused to blinded readers', async () => {
    await rejects(as.admin!.randomization.requestUnblinding({ studyId, reason: 'Final analysis after database lock' }), 'PRECONDITION_FAILED', /database is not locked/);
    await rejects(manager().randomization.requestUnblinding({ studyId, reason: 'Final analysis after database lock' }), 'FORBIDDEN');
    expect((await as.monitor!.randomization.plannedUnblinding({ studyId })).databaseLocked).toBe(false);
    await rejects(as.monitor!.randomization.unblindings({ studyId }), 'FORBIDDEN');
    await rejects(as.monitor!.randomization.unblindingsCsv({ studyId }), 'FORBIDDEN');
    await rejects(as.monitor!.randomization.allocations({ studyId }), 'FORBIDDEN');
  });

  it('needs two administrators: the requester cannot approve; once approved every member sees arms', async () => {
    await as['data-manager']!.casebook.lockStudy({ studyId, reason: 'Database lock', acknowledgeOpenQueries: true });
    const status = await as.admin!.randomization.plannedUnblinding({ studyId });
    expect(status).toMatchObject({ databaseLocked: true, canRequest: true, canApprove: false, request: null });
    await as.admin!.randomization.requestUnblinding({ studyId, reason: 'Final analysis after database lock' });
    await rejects(as.admin!.randomization.requestUnblinding({ studyId, reason: 'Final analysis after database lock' }), 'CONFLICT');
    expect(await as.admin!.randomization.plannedUnblinding({ studyId })).toMatchObject({ canApprove: false, request: { approvedAt: null } });
    await rejects(as.admin!.randomization.approveUnblinding({ studyId, password: TEST_PASSWORD }), 'FORBIDDEN', /another administrator/);
    await rejects(secondAdmin.randomization.approveUnblinding({ studyId, password: 'wrong' }), 'BAD_REQUEST');
    await rejects(as.monitor!.randomization.allocations({ studyId }), 'FORBIDDEN');
    expect((await secondAdmin.randomization.plannedUnblinding({ studyId })).canApprove).toBe(true);
    await secondAdmin.randomization.approveUnblinding({ studyId, password: TEST_PASSWORD });
    await rejects(secondAdmin.randomization.approveUnblinding({ studyId, password: TEST_PASSWORD }), 'CONFLICT');
    // Every member now sees arms: allocations, the subject card.
    expect((await as.monitor!.randomization.allocations({ studyId })).length).toBeGreaterThan(0);
    expect((await as.coordinator!.randomization.subject({ patientId: emergencyFor.id })).arm).not.toBeNull();
    const audited = await sql<{ action: string; reason: string }>`select action, reason from audit_events where table_name = 'planned_unblindings' order by id`.execute(t.database.db);
    expect(audited.rows.map((r) => r.reason)).toEqual(['Planned unblinding requested: Final analysis after database lock', 'Planned unblinding approved']);
  });

  it('lists every unblinding in the report and its CSV', async () => {
    const report = await as.monitor!.randomization.unblindings({ studyId });
    expect(report.map((r) => r.kind).sort()).toEqual(['emergency', 'emergency', 'planned']);
    const planned = report.find((r) => r.kind === 'planned')!;
    expect(planned).toMatchObject({ reason: 'Final analysis after database lock', approvedBy: 'Second Admin' });
    expect(planned.approvedAt).not.toBeNull();
    expect(report.find((r) => r.subjectCode === emergencyFor.subjectCode)).toMatchObject({ kind: 'emergency', reason: 'Severe allergic reaction in hospital' });
    const file = await as.admin!.randomization.unblindingsCsv({ studyId });
    const rows = csvObjects(parseCsv(file.content));
    expect(rows.map((r) => r.kind).sort()).toEqual(['emergency', 'emergency', 'planned']);
    expect(rows.find((r) => r.kind === 'planned')!.approved_by).toBe('Second Admin');
  });
});
