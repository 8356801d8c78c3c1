// Randomizing subjects and emergency unblinding (issue 30 items 3 to 5) on the seeded demo database, in
// its double-blind study with a live stratified block scheme (factor: sex, entered at randomization) and
// the demo's eligibility criteria (the demo's own live minimization scheme and waiting subjects are
// checked on a second fresh database): the refusals (ineligible, unanswered, values outside the levels, withdrawn,
// archived, screening, another site, roles) allocate nothing; the coordinator gets a number and no arm,
// the unblinded team sees the arm; 100 concurrent requests for one subject give one allocation, and
// concurrent requests for many subjects one slot each, until the stratum's list runs out; the audit
// trail masks the allocation's arm for blinded readers; emergency unblinding checks the password and
// notifies the unblinded team and the sponsor, no one else, and the report lists it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, withActor } from '@ctp/db';
import { createTestDatabase, TEST_PASSWORD, TEST_TODAY, type TestDatabase } from './support/db.ts';
import { generate } from 'otplib';
import { callerAs, demoEmail, testConfig } from './support/app.ts';
import { callersForEveryRole, rejects, type Caller } from './support/procedures.ts';
import { contentHash, studyArms } from '../src/modules/randomization/scheme-content.ts';
import { rowContent } from '../src/modules/randomization/scheme-read.ts';

let t: TestDatabase;
let as: Record<string, Caller>;
let studyId: number;
let siteId: number;
let otherSiteId: number;
let arms: { id: number; code: string; name: string }[];
let criteria: { id: number; kind: string }[];
let seq = 0;

const eligible = () => criteria.map((c) => ({ criterionId: c.id, met: c.kind === 'inclusion' }));
const allocations = async () => Number((await sql<{ n: string }>`select count(*) as n from randomization_allocations where study_id = ${studyId}`.execute(t.database.db)).rows[0]!.n);

/** A new subject of the study at the coordinator's site (or another), enrolled unless told. */
async function subject(over: { status?: 'screening' | 'enrolled' | 'withdrawn'; archived?: boolean; site?: number } = {}) {
  seq++;
  const status = over.status ?? 'enrolled';
  return withActor(t.database.db, { userId: null, reason: 'Randomization test subject' }, async (tx) => {
    const row = await tx
      .insertInto('patients')
      .values({
        subjectCode: `RZT-${String(seq).padStart(4, '0')}`,
        studyId,
        siteId: over.site ?? siteId,
        status,
        yearOfBirth: 1970,
        sex: 'F',
        screeningDate: TEST_TODAY,
        enrollmentDate: status === 'screening' ? null : TEST_TODAY,
        withdrawalDate: status === 'withdrawn' ? TEST_TODAY : null,
        archivedAt: over.archived ? new Date() : null,
      })
      .returning(['id', 'subjectCode'])
      .executeTakeFirstOrThrow();
    return row;
  });
}

beforeAll(async () => {
  t = await createTestDatabase({ seed: true });
  const db = t.database.db;
  studyId = (await db.selectFrom('studies').select('id').where('blinding', '=', 'double_blind').orderBy('id').executeTakeFirstOrThrow()).id;
  const sponsor = await db.selectFrom('users').select('id').where('email', '=', 'sponsor@demo.local').executeTakeFirstOrThrow();
  await withActor(db, { userId: null, reason: 'Randomization test: the sponsor follows the blinded study' }, async (tx) => {
    const member = await tx.selectFrom('studyMemberships').select('id').where('userId', '=', sponsor.id).where('studyId', '=', studyId).executeTakeFirst();
    if (!member) await tx.insertInto('studyMemberships').values({ userId: sponsor.id, studyId, role: 'sponsor', siteId: null }).execute();
  });
  as = await callersForEveryRole(t.database);
  siteId = (
    await sql<{ siteId: number }>`select m.site_id as "siteId" from study_memberships m join users u on u.id = m.user_id
      where u.email = 'coordinator@demo.local' and m.study_id = ${studyId}`.execute(db)
  ).rows[0]!.siteId;
  otherSiteId = (await db.selectFrom('studySites').select('siteId').where('studyId', '=', studyId).where('siteId', '<>', siteId).executeTakeFirstOrThrow()).siteId;
  arms = await db.selectFrom('trialArms').select(['id', 'code', 'name']).where('studyId', '=', studyId).orderBy('sortOrder').execute();
  criteria = await db.selectFrom('studyEligibilityCriteria').select(['id', 'kind']).where('studyId', '=', studyId).execute();
}, 300_000);
afterAll(() => t.cleanup());

describe('the demo', () => {
  it('has a live minimization scheme whose hash is the API\'s, its criteria, and enrolled subjects of the staff\'s site waiting', async () => {
    const db = t.database.db;
    const row = await db.selectFrom('randomizationSchemes').selectAll().where('studyId', '=', studyId).where('kind', '=', 'production').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'live', method: 'minimization', lockedAt: null });
    expect(row.contentHash).toBe(contentHash(studyId, 'production', rowContent(row), await studyArms(db, studyId)));
    const codes = (await db.selectFrom('studyEligibilityCriteria').select('code').where('studyId', '=', studyId).execute()).map((c) => c.code).sort();
    expect(codes).toEqual(['E1', 'E2', 'I1', 'I2', 'I3']);
    const waiting = await db.selectFrom('patients').select('id').where('studyId', '=', studyId).where('siteId', '=', siteId).where('status', '=', 'enrolled').where('plannedArmId', 'is', null).execute();
    expect(waiting.length).toBe(3);
    const card = await as.coordinator!.randomization.subject({ patientId: waiting[0]!.id });
    expect(card).toMatchObject({ canRandomize: true, schemeLive: true, randomized: false });
    expect(card.factors.map((f) => f.key)).toEqual(['sex', 'age_group']);
    expect(card.criteria.length).toBe(5);
    expect((await as.monitor!.randomization.subject({ patientId: waiting[0]!.id })).canRandomize).toBe(false);
  });
});

describe('randomizing a subject', () => {
  beforeAll(async () => {
    // The demo's live minimization scheme, with its criteria, is replaced (it has no allocation yet) by a
    // short block list, so that a stratum runs out.
    const live = await as['study-manager']!.randomization.get({ studyId });
    const saved = await as['study-manager']!.randomization.save({
      studyId,
      kind: 'production',
      version: live.production?.version,
      reason: 'Scheme agreed with the statistician',
      method: 'blocks',
      arms: arms.slice(0, 2).map((a) => ({ armId: a.id, ratio: 1 })),
      factors: [{ key: 'sex', label: 'Sex', source: 'subject', levels: ['F', 'M'], weight: 1 }],
      blockSizes: [2, 4],
      minimization: null,
      plannedEnrollment: 6,
      marginPercent: 0,
    });
    await as['study-manager']!.randomization.goLive({ studyId, version: saved.version, reason: 'Go-live approved' });
  });

  it('refuses, with nothing allocated: ineligible, unanswered, values outside the levels, wrong state, another site, other roles', async () => {
    const s = await subject();
    const base = { patientId: s.id, stratumValues: { sex: 'F' }, eligibility: eligible(), confirmed: true as const };
    const firstInclusion = criteria.find((c) => c.kind === 'inclusion')!.id;
    const notMet = eligible().map((a) => (a.criterionId === firstInclusion ? { ...a, met: false } : a));
    await rejects(as.coordinator!.randomization.randomize({ ...base, eligibility: notMet }), 'PRECONDITION_FAILED', /not eligible \(inclusion criteria not met: I\d\)/);
    const excluded = eligible().map((a) => (criteria.find((c) => c.id === a.criterionId)!.kind === 'exclusion' ? { ...a, met: true } : a));
    await rejects(as.coordinator!.randomization.randomize({ ...base, eligibility: excluded }), 'PRECONDITION_FAILED', /exclusion criteria met: E1/);
    await rejects(as.coordinator!.randomization.randomize({ ...base, eligibility: eligible().slice(1) }), 'BAD_REQUEST', /Answer every eligibility criterion/);
    await rejects(as.coordinator!.randomization.randomize({ ...base, stratumValues: { sex: 'X' } }), 'BAD_REQUEST', /X is not a level of Sex/);
    await rejects(as.coordinator!.randomization.randomize({ ...base, stratumValues: {} }), 'BAD_REQUEST', /Give the subject's Sex/);
    await rejects(as.coordinator!.randomization.randomize({ ...base, confirmed: false as never }), 'BAD_REQUEST');
    for (const [state, message] of [
      [{ status: 'withdrawn' as const }, /withdrawn/],
      [{ status: 'screening' as const }, /Only an enrolled subject/],
      [{ archived: true }, /archived/],
    ] as const) {
      const other = await subject(state);
      await rejects(as.coordinator!.randomization.randomize({ ...base, patientId: other.id }), 'PRECONDITION_FAILED', message);
    }
    const elsewhere = await subject({ site: otherSiteId });
    await rejects(as.coordinator!.randomization.randomize({ ...base, patientId: elsewhere.id }), 'NOT_FOUND');
    for (const role of ['monitor', 'sponsor', 'study-manager', 'data-manager', 'admin']) {
      await rejects(as[role]!.randomization.randomize(base), 'FORBIDDEN');
    }
    expect(await allocations()).toBe(0);
  });

  it('answers the coordinator a number and no arm; the unblinded team sees the arm; the subject\'s arm is set', async () => {
    const s = await subject();
    const answer = await as.coordinator!.randomization.randomize({ patientId: s.id, stratumValues: { sex: 'F' }, eligibility: eligible(), confirmed: true });
    expect(answer).toMatchObject({ subjectCode: s.subjectCode, randomizationNumber: 'R-0001', armsHidden: true, arm: null, stratumValues: { sex: 'F' } });
    expect(JSON.stringify(answer)).not.toMatch(new RegExp(arms.map((a) => `${a.code}|${a.name}`).join('|')));
    const row = await t.database.db.selectFrom('randomizationAllocations').selectAll().where('patientId', '=', s.id).executeTakeFirstOrThrow();
    const patient = await t.database.db.selectFrom('patients').select(['plannedArmId', 'actualArmId']).where('id', '=', s.id).executeTakeFirstOrThrow();
    expect(patient).toEqual({ plannedArmId: row.armId, actualArmId: row.armId });
    expect(row).toMatchObject({ method: 'blocks', listPosition: 1, stratum: 'sex=F', allocatedBy: expect.any(Number) });
    expect((row.eligibility as { code: string; met: boolean }[]).map((e) => e.code).sort()).toEqual(['E1', 'E2', 'I1', 'I2', 'I3']);
    const scheme = await t.database.db.selectFrom('randomizationSchemes').select(['contentHash', 'lockedAt']).where('studyId', '=', studyId).where('kind', '=', 'production').executeTakeFirstOrThrow();
    expect(row.schemeHash).toBe(scheme.contentHash);
    expect(scheme.lockedAt).not.toBeNull();

    const blindCard = await as.coordinator!.randomization.subject({ patientId: s.id });
    expect(blindCard).toMatchObject({ randomized: true, randomizationNumber: 'R-0001', armsHidden: true, arm: null, canRandomize: false });
    const managerCard = await as['study-manager']!.randomization.subject({ patientId: s.id });
    expect(managerCard.arm?.id).toBe(row.armId);
    const list = await as['study-manager']!.randomization.allocations({ studyId });
    expect(list.map((a) => [a.subjectCode, a.arm.id])).toEqual([[s.subjectCode, row.armId]]);
    for (const role of ['coordinator', 'investigator', 'monitor', 'sponsor', 'data-manager']) {
      await rejects(as[role]!.randomization.allocations({ studyId }), 'FORBIDDEN', /unblinded team/);
      await rejects(as[role]!.randomization.unblindings({ studyId }), 'FORBIDDEN');
    }
    await rejects(as.coordinator!.randomization.randomize({ patientId: s.id, stratumValues: { sex: 'F' }, eligibility: eligible(), confirmed: true }), 'CONFLICT', /already randomized \(R-0001\)/);
  });

  it('allocates exactly once under 100 concurrent requests for one subject', async () => {
    const s = await subject();
    const before = await allocations();
    const input = { patientId: s.id, stratumValues: { sex: 'F' }, eligibility: eligible(), confirmed: true as const };
    const results = await Promise.allSettled(Array.from({ length: 100 }, (_, k) => (k % 2 ? as.coordinator! : as.investigator!).randomization.randomize(input)));
    expect(results.filter((r) => r.status === 'fulfilled').length).toBe(1);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refused.length).toBe(99);
    for (const r of refused) expect((r.reason as { code: string }).code).toBe('CONFLICT');
    expect(await allocations()).toBe(before + 1);
    const rows = await t.database.db.selectFrom('randomizationAllocations').select('id').where('patientId', '=', s.id).execute();
    expect(rows.length).toBe(1);
  });

  it('gives concurrent subjects of one stratum one slot each, in order, until the list runs out', async () => {
    const list = await t.database.db.selectFrom('randomizationSchemes').select('listId').where('studyId', '=', studyId).where('kind', '=', 'production').executeTakeFirstOrThrow();
    const slots = (await t.database.db.selectFrom('randomizationListEntries').select(['position', 'armId']).where('listId', '=', list.listId!).where('stratum', '=', 'sex=M').orderBy('position').execute());
    const subjects = [];
    for (let k = 0; k < slots.length + 1; k++) subjects.push(await subject());
    const results = await Promise.allSettled(
      subjects.map((s) => as.coordinator!.randomization.randomize({ patientId: s.id, stratumValues: { sex: 'M' }, eligibility: eligible(), confirmed: true })),
    );
    expect(results.filter((r) => r.status === 'fulfilled').length).toBe(slots.length);
    const out = results.find((r): r is PromiseRejectedResult => r.status === 'rejected')!;
    expect((out.reason as Error).message).toMatch(/list of this stratum has run out: the study manager must extend it/);
    const taken = await t.database.db.selectFrom('randomizationAllocations').select(['listPosition', 'armId']).where('stratum', '=', 'sex=M').orderBy('listPosition').execute();
    expect(taken.map((a) => [a.listPosition, a.armId])).toEqual(slots.map((s) => [s.position, s.armId]));
    const numbers = await t.database.db.selectFrom('randomizationAllocations').select('randomizationNumber').where('studyId', '=', studyId).execute();
    expect(new Set(numbers.map((n) => n.randomizationNumber)).size).toBe(numbers.length);
  });

  it('masks the allocation\'s arm in the audit trail for blinded readers, not for the unblinded team', async () => {
    const fields = async (role: string) =>
      (await as[role]!.audit.trail({ studyId, table: 'randomization_allocations', limit: 100 })).items.filter((e) => e.field === 'arm_id' || e.field === 'minimization_state');
    const manager = await fields('study-manager');
    expect(manager.some((e) => e.field === 'arm_id' && arms.some((a) => a.id === e.newValue))).toBe(true);
    const monitor = await fields('monitor');
    expect(monitor.length).toBe(manager.length);
    for (const e of monitor) expect(e.field === 'arm_id' ? e.newValue : '[redacted]').toBe('[redacted]');
    const patients = (await as.monitor!.audit.trail({ studyId, table: 'patients', limit: 100 })).items.filter((e) => /_arm_id$/.test(e.field));
    expect(patients.length).toBeGreaterThan(0);
    for (const e of patients) expect(e.newValue === null || e.newValue === '[redacted]').toBe(true);
  });
});

describe('emergency unblinding', () => {
  it('needs the investigator of the site, the password and a reason; answers the arm to that user only and notifies the unblinded team and the sponsor', async () => {
    const s = await subject();
    await as.coordinator!.randomization.randomize({ patientId: s.id, stratumValues: { sex: 'F' }, eligibility: eligible(), confirmed: true });
    const input = { patientId: s.id, reason: 'Severe allergic reaction: treatment must be known', password: TEST_PASSWORD };
    for (const role of ['coordinator', 'monitor', 'sponsor', 'study-manager']) await rejects(as[role]!.randomization.emergencyUnblind(input), 'FORBIDDEN');
    await rejects(as.investigator!.randomization.emergencyUnblind({ ...input, password: 'not-the-password' }), 'BAD_REQUEST', /password is not correct/);
    await rejects(as.investigator!.randomization.emergencyUnblind({ ...input, reason: 'short' }), 'BAD_REQUEST');
    const notSubject = await subject();
    await rejects(as.investigator!.randomization.emergencyUnblind({ ...input, patientId: notSubject.id }), 'PRECONDITION_FAILED', /not randomized/);
    expect(await t.database.db.selectFrom('unblindingEvents').select('id').execute()).toEqual([]);

    const before = await sql<{ id: number }>`select coalesce(max(id), 0)::int as id from notifications`.execute(t.database.db);
    const answer = await as.investigator!.randomization.emergencyUnblind(input);
    const allocated = await t.database.db.selectFrom('randomizationAllocations').select('armId').where('patientId', '=', s.id).executeTakeFirstOrThrow();
    expect(answer.arm.id).toBe(allocated.armId);

    const notes = await sql<{ email: string; kind: string; title: string; body: string; link: string }>`
      select u.email, n.kind, n.title, n.body, n.link from notifications n join users u on u.id = n.user_id
       where n.id > ${before.rows[0]!.id} order by u.email`.execute(t.database.db);
    const recipients = notes.rows.map((n) => n.email);
    expect(recipients).toContain('sponsor@demo.local');
    expect(recipients).toContain('study-manager@demo.local');
    for (const email of ['coordinator@demo.local', 'investigator@demo.local', 'monitor@demo.local', 'data-manager@demo.local']) expect(recipients).not.toContain(email);
    for (const n of notes.rows) {
      expect(n).toMatchObject({ kind: 'emergency_unblinding', title: `Emergency unblinding of ${s.subjectCode}`, link: `/casebook/${s.id}` });
      expect(`${n.title} ${n.body}`).not.toMatch(new RegExp(arms.map((a) => `${a.code}|${a.name}`).join('|')));
    }

    const investigatorCard = await as.investigator!.randomization.subject({ patientId: s.id });
    expect(investigatorCard).toMatchObject({ unblinded: true, arm: { id: allocated.armId } });
    const coordinatorCard = await as.coordinator!.randomization.subject({ patientId: s.id });
    expect(coordinatorCard).toMatchObject({ unblinded: true, arm: null, armsHidden: true });
    expect(await as.coordinator!.design.subjectArm({ patientId: s.id })).toMatchObject({ unblinded: true, armsHidden: true, plannedArm: null });
    const report = await as['study-manager']!.randomization.unblindings({ studyId });
    expect(report[0]).toMatchObject({ subjectCode: s.subjectCode, kind: 'emergency', reason: input.reason, userName: expect.any(String) });
    expect((await as['study-manager']!.randomization.allocations({ studyId })).find((a) => a.patientId === s.id)?.unblinded).toBe(true);
    const audit = await sql<{ reason: string }>`select reason from audit_events where table_name = 'unblinding_events' order by id desc limit 1`.execute(t.database.db);
    expect(audit.rows[0]!.reason).toBe(`Emergency unblinding: ${input.reason}`);
  });
});

describe('the unblinded team', () => {
  it('is granted by administrators only, with a reason, audited; a granted monitor then reads the allocations', async () => {
    const monitor = await t.database.db.selectFrom('users').select('id').where('email', '=', 'monitor@demo.local').executeTakeFirstOrThrow();
    const input = { studyId, userId: monitor.id, unblinded: true, reason: 'Unblinded safety monitor for the DSMB' };
    await rejects(as['study-manager']!.randomization.setUnblinded(input), 'FORBIDDEN');
    await rejects(as.monitor!.randomization.allocations({ studyId }), 'FORBIDDEN');
    const team = await as['study-manager']!.randomization.team({ studyId });
    expect(team.find((m) => m.email === 'study-manager@demo.local')?.unblinded).toBe(true);
    expect(team.find((m) => m.email === 'monitor@demo.local')?.unblinded).toBe(false);
    await as.admin!.randomization.setUnblinded(input);
    expect((await as.monitor!.randomization.allocations({ studyId })).length).toBeGreaterThan(0);
    const audit = await sql<{ reason: string; changes: Record<string, { old: unknown; new: unknown }> }>`
      select reason, changes from audit_events where table_name = 'study_memberships' order by id desc limit 1`.execute(t.database.db);
    expect(audit.rows[0]).toMatchObject({ reason: input.reason, changes: { unblinded: { old: false, new: true } } });
    await as.admin!.randomization.setUnblinded({ ...input, unblinded: false, reason: 'DSMB review finished' });
    await rejects(as.monitor!.randomization.allocations({ studyId }), 'FORBIDDEN');
  });
});

describe('emergency unblinding with two-factor authentication', () => {
  it('needs the authenticator code as well as the password, and a code counts once', async () => {
    const config = testConfig({ MFA_ENCRYPTION_KEY: 'test-key-for-totp-secrets-0123456789abcdef' });
    const investigator = await callerAs(t.database, demoEmail('investigator'), config);
    const codeAt = (secret: string, offset = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 * offset });
    const started = await investigator.mfa.startEnrolment();
    await investigator.mfa.confirmEnrolment({ code: await codeAt(started.secret) });
    const s = await subject();
    await as.coordinator!.randomization.randomize({ patientId: s.id, stratumValues: { sex: 'F' }, eligibility: eligible(), confirmed: true });
    const input = { patientId: s.id, reason: 'Overdose: the treatment must be known now', password: TEST_PASSWORD };
    await rejects(investigator.randomization.emergencyUnblind(input), 'BAD_REQUEST', /code from your authenticator app/);
    const next = await codeAt(started.secret, 1);
    await rejects(investigator.randomization.emergencyUnblind({ ...input, code: next === '000000' ? '111111' : '000000' }), 'BAD_REQUEST', /code is not correct/);
    await rejects(investigator.randomization.emergencyUnblind({ ...input, code: await codeAt(started.secret) }), 'BAD_REQUEST', /code is not correct/);
    const answer = await investigator.randomization.emergencyUnblind({ ...input, code: next });
    expect(answer.subjectCode).toBe(s.subjectCode);
    await rejects(investigator.randomization.emergencyUnblind({ ...input, code: next }), 'BAD_REQUEST', /code is not correct/);
  });
});

