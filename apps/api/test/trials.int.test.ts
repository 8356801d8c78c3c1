import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, withActor, type Tx } from '@ctp/db';
import { createTestDatabase, type TestDatabase } from './support/db.ts';
import { callerAs } from './support/app.ts';
import { callersForEveryRole, codeOf, parseCsv, csvObjects, type Caller } from './support/procedures.ts';

let t: TestDatabase;
let as: Record<string, Caller>;

// --- A controlled portfolio, seen alone by a dedicated user --------------------------------------
// Trial A (Phase II, active): target 10, budget 100,000; sites S1 (target 6, active, activated 14 days
// after assignment) and S2 (target 4, pending); at S1 3 enrolled, 1 completed, 1 withdrawn, 1 screening;
// budget lines 50,000/20,000 and 30,000/10,000; 1 deviation.
// Trial B (Phase III, completed): target 4, budget 200,000; site S3 (target 4, active, activated after
// 28 days); 4 completed subjects enrolled 2023-02-01 .. 2023-06-01; one line 150,000/150,000; 2 deviations.
let analyst: Caller;
let trialA: { id: number; code: string };
let trialB: { id: number; code: string };

/** A monitor who is a member of exactly these studies (fixture users never log in). */
async function insertMonitor(tx: Tx, email: string, fullName: string, studyIds: number[]) {
  const { id } = await tx
    .insertInto('users')
    .values({ email, fullName, role: 'monitor', passwordHash: 'not-a-login' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await tx
    .insertInto('studyMemberships')
    .values(studyIds.map((studyId) => ({ userId: id, studyId, role: 'monitor' as const, siteId: null })))
    .execute();
}

async function userIdOf(email: string) {
  return (await t.database.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
}

beforeAll(async () => {
  t = await createTestDatabase({ seed: true });
  as = await callersForEveryRole(t.database);
  const { db } = t.database;
  const sm = as['study-manager']!;
  const a = await sm.studies.create({
    studyId: 'RPT-A-001', title: 'Report trial A', phase: 'Phase II', status: 'active', targetEnrollment: 10,
    startDate: '2024-01-01', plannedEndDate: '2026-12-31', budgetTotal: 100_000, sponsorName: 'Test Sponsor', sponsorType: 'Biotechnology',
    croName: 'Test CRO', croType: 'CRO', principalInvestigator: 'Dr. Ada Test', principalInvestigatorTitle: 'Coordinating Investigator',
    studyManager: 'Sam Manager', studyManagerTitle: 'Clinical Study Manager',
  });
  const b = await sm.studies.create({
    studyId: 'RPT-B-002', title: 'Report trial B', phase: 'Phase III', status: 'completed', targetEnrollment: 4,
    startDate: '2023-01-01', plannedEndDate: '2024-01-01', actualEndDate: '2023-12-15', budgetTotal: 200_000,
  });
  trialA = { id: a.id, code: a.studyId };
  trialB = { id: b.id, code: b.studyId };
  const adminId = await userIdOf('admin@demo.local');
  await withActor(db, { userId: adminId, reason: 'Report test data' }, async (tx) => {
    await insertMonitor(tx, 'analyst@test.local', 'Ann Analyst', [trialA.id, trialB.id]);
    // A study manager who is a member of nothing.
    await tx.insertInto('users').values({ email: 'outsider@test.local', fullName: 'Oscar Outsider', role: 'study-manager', passwordHash: 'x' }).execute();
    const [s1, s2, s3] = (
      await tx
        .insertInto('sites')
        .values([
          { siteNumber: 'RPT-S1', name: 'Lyon Test Hospital', city: 'Lyon', country: 'France', principalInvestigator: 'Dr. One' },
          { siteNumber: 'RPT-S2', name: 'Porto Test Clinic', city: 'Porto', country: 'Portugal' },
          { siteNumber: 'RPT-S3', name: 'Graz Test Centre', city: 'Graz', country: 'Austria' },
        ])
        .returning('id')
        .execute()
    ).map((r) => r.id) as [number, number, number];
    await tx
      .insertInto('studySites')
      .values([
        { studyId: trialA.id, siteId: s1, enrollmentTarget: 6, status: 'active', assignedOn: '2023-12-01', activatedOn: '2023-12-15' },
        { studyId: trialA.id, siteId: s2, enrollmentTarget: 4, status: 'pending', assignedOn: '2023-12-01' },
        { studyId: trialB.id, siteId: s3, enrollmentTarget: 4, status: 'active', assignedOn: '2022-12-01', activatedOn: '2022-12-29' },
      ])
      .execute();
    const subject = (studyId: number, siteId: number, code: string, status: 'screening' | 'enrolled' | 'completed' | 'withdrawn', enrollmentDate: string | null) => ({
      subjectCode: code, studyId, siteId, status, yearOfBirth: 1980, sex: 'M', ethnicity: 'Not reported',
      screeningDate: enrollmentDate ? `${enrollmentDate.slice(0, 8)}01` : '2024-05-01', enrollmentDate,
      completionDate: status === 'completed' ? '2024-06-30' : null, withdrawalDate: status === 'withdrawn' ? '2024-03-01' : null,
    });
    const patients = await tx
      .insertInto('patients')
      .values([
        subject(trialA.id, s1, 'A-01', 'enrolled', '2024-02-01'),
        subject(trialA.id, s1, 'A-02', 'enrolled', '2024-03-01'),
        subject(trialA.id, s1, 'A-03', 'enrolled', '2024-04-01'),
        subject(trialA.id, s1, 'A-04', 'completed', '2024-01-15'),
        subject(trialA.id, s1, 'A-05', 'withdrawn', '2024-01-20'),
        subject(trialA.id, s1, 'A-06', 'screening', null),
        subject(trialB.id, s3, 'B-01', 'completed', '2023-02-01'),
        subject(trialB.id, s3, 'B-02', 'completed', '2023-03-01'),
        subject(trialB.id, s3, 'B-03', 'completed', '2023-05-01'),
        subject(trialB.id, s3, 'B-04', 'completed', '2023-06-01'),
      ])
      .returning('id')
      .execute();
    await tx
      .insertInto('budgetLines')
      .values([
        { studyId: trialA.id, category: 'Site payments', plannedAmount: 50_000, actualAmount: 20_000 },
        { studyId: trialA.id, category: 'Monitoring', plannedAmount: 30_000, actualAmount: 10_000 },
        { studyId: trialB.id, category: 'Site payments', plannedAmount: 150_000, actualAmount: 150_000 },
      ])
      .execute();
    await tx
      .insertInto('protocolDeviations')
      .values([
        { studyId: trialA.id, siteId: s1, patientId: patients[0]!.id, occurredOn: '2024-02-10', severity: 'minor', description: 'Visit outside window' },
        { studyId: trialB.id, siteId: s3, patientId: patients[6]!.id, occurredOn: '2023-02-10', severity: 'major', description: 'Dosing error' },
        { studyId: trialB.id, siteId: s3, patientId: patients[7]!.id, occurredOn: '2023-03-10', severity: 'minor', description: 'Missed lab' },
      ])
      .execute();
    await tx
      .insertInto('milestones')
      .values([
        { studyId: trialA.id, name: 'First Patient In', targetDate: '2024-02-01', status: 'completed', description: 'First subject enrolled.' },
        { studyId: trialA.id, name: 'Last Patient In', targetDate: '2099-01-01', status: 'pending', description: null },
        { studyId: trialA.id, name: 'Database Lock', targetDate: '2025-01-01', status: 'overdue', description: null },
      ])
      .execute();
  });
  analyst = await callerAs(t.database, 'analyst@test.local');
});
afterAll(() => t.cleanup());

const today = () => new Date().toISOString().slice(0, 10);
const days = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);
const round1 = (n: number) => Math.round(n * 10) / 10;

describe('trials portfolio figures on the controlled dataset (hand computed)', () => {
  it('summary: active trials, distinct sites, enrolled-or-completed subjects, budget, average enrollment', async () => {
    expect(await analyst.trials.summary()).toEqual({
      trials: 2,
      activeTrials: 1,
      totalSites: 3,
      totalPatients: 8, // A: 3 enrolled + 1 completed; B: 4 completed
      budgets: [{ currency: 'USD', amount: 300_000 }],
      avgEnrollment: 70, // (4/10*100 + 4/4*100) / 2
    });
  });

  it('budget by phase lists every phase', async () => {
    expect(await analyst.trials.budgetByPhase()).toEqual([
      { phase: 'Phase I', amounts: [] },
      { phase: 'Phase II', amounts: [{ currency: 'USD', total: 100_000, spent: 30_000 }] },
      { phase: 'Phase III', amounts: [{ currency: 'USD', total: 200_000, spent: 150_000 }] },
      { phase: 'Phase IV', amounts: [] },
    ]);
  });

  it('reports: each figure from its formula', async () => {
    const r = await analyst.trials.reports();
    // A is still recruiting (active, 4 < 10): start to today; B is completed: start to its latest enrollment.
    const months = (days('2024-01-01', today()) / 30.4375 + days('2023-01-01', '2023-06-01') / 30.4375) / 2;
    expect(r).toEqual({
      enrollmentRate: 57.1, // 8 / 14
      siteActivation: 66.7, // 2 active of 3 study sites
      budgetUtilisation: 60, // 180,000 / 300,000
      averageEnrollmentTimeMonths: round1(months),
      siteActivationTimeWeeks: 3, // (14/7 + 28/7) / 2
      costPerPatient: 22_500, // 180,000 / 8
      protocolDeviationRate: 37.5, // 3 / 8
      currency: 'USD',
      basis: {
        trials: 2,
        targetEnrollment: 14,
        enrolledSubjects: 8,
        studySites: 3,
        activeStudySites: 2,
        activatedStudySites: 2,
        budgetTotal: 300_000,
        spent: 180_000,
        deviations: 3,
        trialsMeasuredForEnrollmentTime: 2,
      },
    });
  });

  it('portfolio figures for the admin match an independent SQL computation over all data', async () => {
    const { rows } = await sql<{ active: number; sites: number; patients: number; budget: number; target: number; spent: number; deviations: number }>`
      select (select count(*)::int from studies where status = 'active' or status = 'enrolling') as active,
             (select count(*)::int from (select distinct site_id from study_sites) x) as sites,
             (select count(*)::int from patients where status = 'enrolled' or status = 'completed') as patients,
             (select sum(budget_total) from studies) as budget,
             (select sum(target_enrollment)::int from studies) as target,
             (select sum(actual_amount) from budget_lines) as spent,
             (select count(*)::int from protocol_deviations) as deviations`.execute(t.database.db);
    const e = rows[0]!;
    const s = await as.admin!.trials.summary();
    expect(s).toMatchObject({ activeTrials: e.active, totalSites: e.sites, totalPatients: e.patients, budgets: [{ currency: 'USD', amount: Number(e.budget) }] });
    const r = await as.admin!.trials.reports();
    expect(r.enrollmentRate).toBe(round1((e.patients / e.target) * 100));
    expect(r.budgetUtilisation).toBe(round1((Number(e.spent) / Number(e.budget)) * 100));
    expect(r.protocolDeviationRate).toBe(round1((e.deviations / e.patients) * 100));
    expect(r.costPerPatient).toBe(Math.round((Number(e.spent) / e.patients) * 100) / 100);
    // Average enrollment per trial, computed here in JavaScript from the studies list.
    const all = await as.admin!.studies.list({ limit: 100 });
    const avg = all.items.reduce((a, st) => a + (st.currentEnrollment / st.targetEnrollment) * 100, 0) / all.items.length;
    expect(s.avgEnrollment).toBe(round1(avg));
  });

  it('scopes the figures to the user: the sponsor sees only its trials', async () => {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from studies where sponsor_name = 'Meridian Pharmaceuticals'`.execute(t.database.db);
    expect((await as.sponsor!.trials.summary()).trials).toBe(rows[0]!.n);
    expect((await as.sponsor!.trials.reports()).basis.trials).toBe(rows[0]!.n);
  });
});

describe('trials.list', () => {
  it('returns the CTMS Trial shape with counts, spent budget and milestones', async () => {
    const page = await analyst.trials.list({});
    expect(page).toMatchObject({ total: 2, limit: 50, offset: 0 });
    const a = page.items[0]!;
    expect(a).toMatchObject({
      id: trialA.id,
      trialId: 'RPT-A-001',
      title: 'Report trial A',
      phase: 'Phase II',
      therapeuticArea: null,
      sponsor: 'Test Sponsor',
      status: 'active',
      startDate: '2024-01-01',
      plannedEndDate: '2026-12-31',
      actualEndDate: null,
      sites: 2,
      activeSites: 1,
      targetEnrollment: 10,
      currentEnrollment: 4,
      budget: 100_000,
      spentBudget: 30_000,
      principalInvestigator: 'Dr. Ada Test',
      studyManager: 'Sam Manager',
      cro: 'Test CRO',
    });
    expect(a.milestones).toEqual([
      { id: expect.any(Number), name: 'First Patient In', date: '2024-02-01', status: 'completed' },
      { id: expect.any(Number), name: 'Database Lock', date: '2025-01-01', status: 'overdue' },
      { id: expect.any(Number), name: 'Last Patient In', date: '2099-01-01', status: 'pending' },
    ]);
    expect(page.items[1]).toMatchObject({ trialId: 'RPT-B-002', actualEndDate: '2023-12-15', milestones: [], budget: 200_000, spentBudget: 150_000 });
  });

  it('filters, searches and paginates in SQL, within the scope', async () => {
    expect((await analyst.trials.list({ status: 'completed' })).items.map((x) => x.trialId)).toEqual(['RPT-B-002']);
    expect((await analyst.trials.list({ search: 'test sponsor' })).items.map((x) => x.trialId)).toEqual(['RPT-A-001']);
    expect((await analyst.trials.list({ search: 'rpt-b' })).items.map((x) => x.trialId)).toEqual(['RPT-B-002']);
    const second = await analyst.trials.list({ limit: 1, offset: 1 });
    expect(second).toMatchObject({ total: 2, limit: 1, offset: 1 });
    expect(second.items.map((x) => x.trialId)).toEqual(['RPT-B-002']);
    // Past the last page: no rows, and still the total (counted apart from the empty page).
    expect(await analyst.trials.list({ limit: 1, offset: 5 })).toMatchObject({ items: [], total: 2, offset: 5 });
    expect(await analyst.trials.list({ search: 'no such trial' })).toMatchObject({ items: [], total: 0 });
    expect((await as.investigator!.trials.list({})).total).toBe(4);
    const admin = await as.admin!.trials.list({ limit: 100 });
    const { rows } = await sql<{ code: string; spent: number }>`
      select s.code, coalesce((select sum(actual_amount) from budget_lines b where b.study_id = s.id), 0) as spent from studies s order by s.code`.execute(t.database.db);
    expect(admin.items.map((x) => [x.trialId, x.spentBudget])).toEqual(rows.map((r) => [r.code, Number(r.spent)]));
    expect(await codeOf(analyst.trials.list({ limit: 500 }))).toBe('BAD_REQUEST');
  });
});

describe('trials.byCode', () => {
  it('returns the Trial detail shape', async () => {
    const d = await analyst.trials.byCode({ trialId: 'rpt-a-001' });
    expect(d).toMatchObject({
      id: 'RPT-A-001',
      dbId: trialA.id,
      version: 1,
      title: 'Report trial A',
      phase: 'Phase II',
      status: 'active',
      sponsor: { name: 'Test Sponsor', type: 'Biotechnology' },
      cro: { name: 'Test CRO', type: 'CRO' },
      principalInvestigator: { name: 'Dr. Ada Test', title: 'Coordinating Investigator' },
      studyManager: { name: 'Sam Manager', title: 'Clinical Study Manager' },
      startDate: '2024-01-01',
      estimatedCompletion: '2026-12-31',
      enrollment: { current: 4, target: 10, percentage: 40 },
      siteActivation: { current: 1, target: 2, percentage: 50 },
      budget: { utilized: 30_000, total: 100_000, remaining: 70_000, percentage: 30, currency: 'USD' },
      documents: [],
    });
    expect(d.milestones[0]).toEqual({ id: expect.any(Number), name: 'First Patient In', date: '2024-02-01', status: 'completed', description: 'First subject enrolled.', version: 1 });
    expect(d.budgetLines).toEqual([
      { id: expect.any(Number), category: 'Site payments', description: null, plannedAmount: 50_000, actualAmount: 20_000, version: 1 },
      { id: expect.any(Number), category: 'Monitoring', description: null, plannedAmount: 30_000, actualAmount: 10_000, version: 1 },
    ]);
    expect(d.sites).toEqual([
      expect.objectContaining({ number: 'RPT-S1', name: 'Lyon Test Hospital', location: 'Lyon, France', pi: 'Dr. One', status: 'active', enrollment: 4, target: 6 }),
      expect.objectContaining({ number: 'RPT-S2', location: 'Porto, Portugal', pi: null, status: 'pending', enrollment: 0, target: 4 }),
    ]);
  });

  it('answers NOT_FOUND for an unknown code and for a trial outside the membership', async () => {
    expect(await codeOf(as.admin!.trials.byCode({ trialId: 'NOPE-0000' }))).toBe('NOT_FOUND');
    expect(await codeOf(as.investigator!.trials.byCode({ trialId: 'RPT-A-001' }))).toBe('NOT_FOUND');
    expect(await codeOf(as.sponsor!.trials.byCode({ trialId: 'RPT-A-001' }))).toBe('NOT_FOUND');
    expect(await codeOf(as.admin!.trials.byCode({ trialId: '' }))).toBe('BAD_REQUEST');
    const visible = (await as.investigator!.trials.list({})).items[0]!;
    expect((await as.investigator!.trials.byCode({ trialId: visible.trialId })).dbId).toBe(visible.id);
  });
});

describe('milestones and budget lines', () => {
  it('creates and updates a milestone with a reason, audited, optimistic-locked', async () => {
    const sm = as['study-manager']!;
    const m = await sm.trials.createMilestone({ studyId: trialA.id, name: 'Interim Analysis', date: '2025-06-01', status: 'pending', description: 'DSMB review', reason: 'Plan interim' });
    expect(m).toEqual({ id: expect.any(Number), studyId: trialA.id, name: 'Interim Analysis', date: '2025-06-01', status: 'pending', description: 'DSMB review', version: 1 });
    const u = await sm.trials.updateMilestone({ id: m.id, version: 1, reason: 'DSMB moved', changes: { date: '2025-07-01', status: 'current' } });
    expect(u).toMatchObject({ date: '2025-07-01', status: 'current', name: 'Interim Analysis', version: 2 });
    expect(await codeOf(as.admin!.trials.updateMilestone({ id: m.id, version: 1, reason: 'Stale edit', changes: { name: 'Lost change' } }))).toBe('CONFLICT');
    const row = await t.database.db.selectFrom('milestones').select(['name', 'targetDate', 'version']).where('id', '=', m.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ name: 'Interim Analysis', targetDate: '2025-07-01', version: 2 });
    const event = await t.database.db
      .selectFrom('auditEvents')
      .selectAll()
      .where('tableName', '=', 'milestones')
      .where('recordId', '=', String(m.id))
      .where('action', '=', 'update')
      .executeTakeFirstOrThrow();
    expect(event.reason).toBe('DSMB moved');
    expect(event.changes).toEqual({ targetDate: { old: '2025-06-01', new: '2025-07-01' }, status: { old: 'pending', new: 'current' } });
  });

  it('refuses bad milestone input, roles without trial.manage, and trials outside the scope', async () => {
    const sm = as['study-manager']!;
    const base = { studyId: trialA.id, name: 'Valid name', date: '2025-06-01', status: 'pending' as const, reason: 'Because' };
    expect(await codeOf(sm.trials.createMilestone({ ...base, reason: '' }))).toBe('BAD_REQUEST');
    expect(await codeOf(sm.trials.createMilestone({ ...base, status: 'late' as any }))).toBe('BAD_REQUEST');
    expect(await codeOf(sm.trials.createMilestone({ ...base, date: '2025-13-01' }))).toBe('BAD_REQUEST');
    expect(await codeOf(sm.trials.createMilestone({ ...base, studyId: 999_999 }))).toBe('NOT_FOUND');
    for (const r of ['monitor', 'data-manager', 'sponsor', 'investigator', 'coordinator'] as const) {
      expect(await codeOf(as[r]!.trials.createMilestone(base))).toBe('FORBIDDEN');
    }
    const existing = (await sm.trials.byCode({ trialId: 'RPT-A-001' })).milestones[0]!;
    expect(await codeOf(as.monitor!.trials.updateMilestone({ id: existing.id, version: existing.version, reason: 'Try', changes: { status: 'overdue' } }))).toBe('FORBIDDEN');
    const outsider = await callerAs(t.database, 'outsider@test.local');
    expect(await codeOf(outsider.trials.createMilestone(base))).toBe('NOT_FOUND');
    expect(await codeOf(outsider.trials.updateMilestone({ id: existing.id, version: existing.version, reason: 'Try', changes: { status: 'overdue' } }))).toBe('NOT_FOUND');
    expect(await codeOf(outsider.trials.byCode({ trialId: 'RPT-A-001' }))).toBe('NOT_FOUND');
    expect(await codeOf(sm.trials.updateMilestone({ id: 999_999, version: 1, reason: 'Try', changes: { status: 'overdue' } }))).toBe('NOT_FOUND');
    expect(await codeOf(sm.trials.updateMilestone({ id: existing.id, version: existing.version, reason: 'Nothing', changes: {} }))).toBe('BAD_REQUEST');
  });

  it('creates and updates budget lines, with conflicts and validation', async () => {
    const sm = as['study-manager']!;
    const line = await sm.trials.createBudgetLine({ studyId: trialB.id, category: 'Laboratory', description: 'Central lab', plannedAmount: 5000, actualAmount: 0, reason: 'New lab contract' });
    expect(line).toEqual({ id: expect.any(Number), studyId: trialB.id, category: 'Laboratory', description: 'Central lab', plannedAmount: 5000, actualAmount: 0, version: 1 });
    const u = await sm.trials.updateBudgetLine({ id: line.id, version: 1, reason: 'Invoice paid', changes: { actualAmount: 1234.5 } });
    expect(u).toMatchObject({ actualAmount: 1234.5, plannedAmount: 5000, version: 2 });
    expect(await codeOf(as.admin!.trials.updateBudgetLine({ id: line.id, version: 1, reason: 'Stale', changes: { actualAmount: 1 } }))).toBe('CONFLICT');
    expect((await sm.trials.byCode({ trialId: 'RPT-B-002' })).budget.utilized).toBe(151_234.5);
    expect(await codeOf(sm.trials.createBudgetLine({ studyId: trialB.id, category: 'Catering' as any, plannedAmount: 1, actualAmount: 0, reason: 'Lunch' }))).toBe('BAD_REQUEST');
    expect(await codeOf(sm.trials.createBudgetLine({ studyId: trialB.id, category: 'Laboratory', plannedAmount: -1, actualAmount: 0, reason: 'Negative' }))).toBe('BAD_REQUEST');
    expect(await codeOf(as.monitor!.trials.createBudgetLine({ studyId: trialB.id, category: 'Laboratory', plannedAmount: 1, actualAmount: 0, reason: 'Nope' }))).toBe('FORBIDDEN');
    const event = await t.database.db
      .selectFrom('auditEvents')
      .select(['reason', 'changes'])
      .where('tableName', '=', 'budget_lines')
      .where('recordId', '=', String(line.id))
      .where('action', '=', 'update')
      .executeTakeFirstOrThrow();
    expect(event).toEqual({ reason: 'Invoice paid', changes: { actualAmount: { old: 0, new: 1234.5 } } });
    // Restore the controlled dataset's figures for the other tests.
    await withActor(t.database.db, { userId: null, reason: 'Test clean-up' }, (tx) => tx.deleteFrom('budgetLines').where('id', '=', line.id).execute());
  });
});

describe('trials.export and trials.report', () => {
  it('exports the trial as JSON equal to its detail, and as one well-formed CSV table', async () => {
    const json = await analyst.trials.export({ trialId: 'RPT-A-001', format: 'json' });
    expect(json.contentType).toBe('application/json');
    expect(json.filename).toMatch(/^RPT-A-001-export-\d{4}-\d{2}-\d{2}\.json$/);
    const detail = await analyst.trials.byCode({ trialId: 'RPT-A-001' });
    expect(JSON.parse(json.content)).toEqual(JSON.parse(JSON.stringify(detail)));

    const csv = await analyst.trials.export({ trialId: 'RPT-A-001', format: 'csv' });
    expect(csv.contentType).toBe('text/csv');
    expect(csv.filename).toMatch(/\.csv$/);
    const rows = csvObjects(parseCsv(csv.content));
    expect(rows.map((r) => r.record_type)).toEqual(['trial', 'site', 'site', ...detail.milestones.map(() => 'milestone'), 'budget_line', 'budget_line']);
    expect(rows.every((r) => r.trial_id === 'RPT-A-001' && r.budget_total === '100000')).toBe(true);
    expect(rows[1]).toMatchObject({ item_number: 'RPT-S1', item_location: 'Lyon, France', item_enrolled: '4', item_target: '6', item_date: '2023-12-15' });
  });

  it('neutralises spreadsheet formulas typed into text fields', async () => {
    const sm = as['study-manager']!;
    const m = await sm.trials.createMilestone({ studyId: trialB.id, name: '=HYPERLINK("http://evil")', date: '2023-12-01', status: 'completed', reason: 'Injection test' });
    const rows = csvObjects(parseCsv((await analyst.trials.export({ trialId: 'RPT-B-002', format: 'csv' })).content));
    expect(rows.find((r) => r.item_id === String(m.id))!.item_name).toBe(`'=HYPERLINK("http://evil")`);
    await withActor(t.database.db, { userId: null, reason: 'Test clean-up' }, (tx) => tx.deleteFrom('milestones').where('id', '=', m.id).execute());
  });

  it('enrollment report: per site by status, against target, with a total row', async () => {
    const r = await analyst.trials.report({ trialId: 'RPT-A-001', kind: 'enrollment' });
    expect(r).toMatchObject({ contentType: 'text/csv', filename: expect.stringMatching(/^RPT-A-001-enrollment-report-/) });
    const rows = csvObjects(parseCsv(r.content));
    expect(rows).toEqual([
      { site_number: 'RPT-S1', site_name: 'Lyon Test Hospital', location: 'Lyon, France', site_status: 'active', screening: '1', enrolled: '3', completed: '1', withdrawn: '1', current_enrollment: '4', target: '6', enrollment_percent: '66.7', first_enrollment: '2024-01-15', latest_enrollment: '2024-04-01' },
      { site_number: 'RPT-S2', site_name: 'Porto Test Clinic', location: 'Porto, Portugal', site_status: 'pending', screening: '0', enrolled: '0', completed: '0', withdrawn: '0', current_enrollment: '0', target: '4', enrollment_percent: '0', first_enrollment: '', latest_enrollment: '' },
      { site_number: 'Total', site_name: '', location: '', site_status: '', screening: '1', enrolled: '3', completed: '1', withdrawn: '1', current_enrollment: '4', target: '10', enrollment_percent: '40', first_enrollment: '2024-01-15', latest_enrollment: '2024-04-01' },
    ]);
  });

  it('budget report: lines planned vs actual, variance, utilisation, totals', async () => {
    const rows = csvObjects(parseCsv((await analyst.trials.report({ trialId: 'RPT-A-001', kind: 'budget' })).content));
    expect(rows).toEqual([
      { category: 'Site payments', description: '', planned_amount: '50000', actual_amount: '20000', variance: '-30000', utilisation_percent: '40', currency: 'USD' },
      { category: 'Monitoring', description: '', planned_amount: '30000', actual_amount: '10000', variance: '-20000', utilisation_percent: '33.3', currency: 'USD' },
      { category: 'Total', description: 'All budget lines', planned_amount: '80000', actual_amount: '30000', variance: '-50000', utilisation_percent: '37.5', currency: 'USD' },
      { category: 'Trial budget', description: 'Unallocated: 20000', planned_amount: '100000', actual_amount: '30000', variance: '-70000', utilisation_percent: '30', currency: 'USD' },
    ]);
  });

  it('site performance report: activation time, enrollment and deviations per site', async () => {
    const rows = csvObjects(parseCsv((await analyst.trials.report({ trialId: 'RPT-A-001', kind: 'site-performance' })).content));
    expect(rows[0]).toEqual({
      site_number: 'RPT-S1', site_name: 'Lyon Test Hospital', location: 'Lyon, France', principal_investigator: 'Dr. One', site_status: 'active',
      assigned_on: '2023-12-01', activated_on: '2023-12-15', days_to_activation: '14', enrolled: '4', target: '6', enrollment_percent: '66.7',
      withdrawn: '1', protocol_deviations: '1', deviations_per_100_enrolled: '25',
    });
    expect(rows[1]).toMatchObject({ site_number: 'RPT-S2', activated_on: '', days_to_activation: '', enrolled: '0', protocol_deviations: '0', deviations_per_100_enrolled: '' });
  });

  it('timeline report: planned vs actual dates, completion dates from the audit trail, observed dates', async () => {
    const sm = as['study-manager']!;
    const lock = (await sm.trials.byCode({ trialId: 'RPT-A-001' })).milestones.find((m) => m.name === 'Database Lock')!;
    await sm.trials.updateMilestone({ id: lock.id, version: lock.version, reason: 'Database locked', changes: { status: 'completed' } });
    const rows = csvObjects(parseCsv((await analyst.trials.report({ trialId: 'RPT-A-001', kind: 'timeline' })).content));
    const byName = Object.fromEntries(rows.map((r) => [r.name, r]));
    expect(byName['Study start']).toMatchObject({ type: 'study', planned_date: '2024-01-01' });
    expect(byName['Study end']).toMatchObject({ planned_date: '2026-12-31', actual_date: '', status: 'planned' });
    // Created completed: no completion date is known. Completed through an update: the audit trail dates it.
    expect(byName['First Patient In']).toMatchObject({ type: 'milestone', planned_date: '2024-02-01', actual_date: '', status: 'completed', days_late: '' });
    expect(byName['Database Lock']).toMatchObject({ planned_date: '2025-01-01', actual_date: today(), status: 'completed', days_late: String(days('2025-01-01', today())) });
    expect(byName['Last Patient In']).toMatchObject({ planned_date: '2099-01-01', actual_date: '', status: 'pending', days_late: '' });
    expect(byName['First site activated']).toMatchObject({ type: 'observed', actual_date: '2023-12-15' });
    expect(byName['First subject enrolled']!.actual_date).toBe('2024-01-15');
    expect(byName['Latest subject enrolled']!.actual_date).toBe('2024-04-01');
    const b = csvObjects(parseCsv((await analyst.trials.report({ trialId: 'RPT-B-002', kind: 'timeline' })).content));
    expect(b.find((r) => r.name === 'Study end')).toMatchObject({ planned_date: '2024-01-01', actual_date: '2023-12-15', status: 'completed', days_late: '-17' });
  });

  it('answers NOT_FOUND outside the scope, BAD_REQUEST for an unknown kind or format; every role may export', async () => {
    expect(await codeOf(as.sponsor!.trials.report({ trialId: 'RPT-A-001', kind: 'budget' }))).toBe('NOT_FOUND');
    expect(await codeOf(as.sponsor!.trials.export({ trialId: 'RPT-A-001', format: 'csv' }))).toBe('NOT_FOUND');
    expect(await codeOf(analyst.trials.report({ trialId: 'RPT-A-001', kind: 'costs' as any }))).toBe('BAD_REQUEST');
    expect(await codeOf(analyst.trials.export({ trialId: 'RPT-A-001', format: 'xlsx' as any }))).toBe('BAD_REQUEST');
    const own = (await as.sponsor!.trials.list({})).items[0]!;
    expect((await as.sponsor!.trials.report({ trialId: own.trialId, kind: 'enrollment' })).content).toContain('site_number');
  });
});

// Last: the euro trial it creates would change every admin figure above.
describe('portfolio figures across currencies', () => {
  it('never adds different currencies: totals per currency, money figures only within one currency', async () => {
    // A user who sees trial B (USD) and a euro trial.
    const eur = await as['study-manager']!.studies.create({
      studyId: 'RPT-EUR-003', title: 'Euro trial', phase: 'Phase III', status: 'active', targetEnrollment: 5,
      startDate: '2024-01-01', plannedEndDate: '2026-01-01', budgetTotal: 1_000_000, currency: 'EUR',
    });
    await withActor(t.database.db, { userId: await userIdOf('admin@demo.local'), reason: 'Currency test' }, (tx) =>
      insertMonitor(tx, 'eu-analyst@test.local', 'Eva Analyst', [trialB.id, eur.id]),
    );
    const euAnalyst = await callerAs(t.database, 'eu-analyst@test.local');
    expect((await euAnalyst.trials.summary()).budgets).toEqual([
      { currency: 'EUR', amount: 1_000_000 },
      { currency: 'USD', amount: 200_000 },
    ]);
    expect((await euAnalyst.trials.budgetByPhase()).find((p) => p.phase === 'Phase III')!.amounts).toEqual([
      { currency: 'EUR', total: 1_000_000, spent: 0 },
      { currency: 'USD', total: 200_000, spent: 150_000 },
    ]);
    const r = await euAnalyst.trials.reports();
    expect(r).toMatchObject({ currency: null, budgetUtilisation: null, costPerPatient: null });
    expect(r.basis).toMatchObject({ budgetTotal: null, spent: null, enrolledSubjects: 4 });
    expect(r.enrollmentRate).toBe(round1((4 / 9) * 100)); // not money: still computed
  });
});
