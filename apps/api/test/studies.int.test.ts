import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, withActor } from '@ctp/db';
import { createTestDatabase, type TestDatabase } from './support/db.ts';
import { startServer, TestClient, type TestServer } from './support/app.ts';
import { callersForEveryRole, codeOf, messageOf, type Caller } from './support/procedures.ts';
import { pgErrorCode } from '../src/sql-helpers.ts';

let t: TestDatabase;
let as: Record<string, Caller>;

beforeAll(async () => {
  t = await createTestDatabase({ seed: true });
  as = await callersForEveryRole(t.database);
});
afterAll(() => t.cleanup());

const newStudy = (code: string, extra: Record<string, unknown> = {}) => ({
  studyId: code,
  title: `Study ${code}`,
  phase: 'Phase II' as const,
  status: 'planning' as const,
  targetEnrollment: 40,
  ...extra,
});

async function userId(email: string) {
  return (await t.database.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
}

describe('studies.list', () => {
  it('lists every study for the admin, ordered by code, with the spec fields and SQL-counted enrollment', async () => {
    const page = await as.admin!.studies.list({});
    const { rows } = await sql<{ code: string; n: number }>`
      select s.code, (select count(*)::int from patients p where p.study_id = s.id and p.status in ('enrolled','completed')) as n
      from studies s order by s.code`.execute(t.database.db);
    expect(page.total).toBe(rows.length);
    expect(page.items.map((s) => s.studyId)).toEqual(rows.map((r) => r.code));
    expect(page.items.map((s) => s.currentEnrollment)).toEqual(rows.map((r) => r.n));
    expect(Object.keys(page.items[0]!).sort()).toEqual(
      ['createdAt', 'currentEnrollment', 'description', 'id', 'phase', 'status', 'studyId', 'targetEnrollment', 'therapeutic_area', 'title'].sort(),
    );
    expect(page.limit).toBe(50);
    expect(page.offset).toBe(0);
  });

  it('scopes the list to memberships: the investigator sees its 4 studies, the sponsor only Meridian ones', async () => {
    const inv = await as.investigator!.studies.list({});
    expect(inv.total).toBe(4);
    expect(inv.items).toHaveLength(4);
    const { rows } = await sql<{ id: number }>`select id from studies where sponsor_name = 'Meridian Pharmaceuticals' order by code`.execute(t.database.db);
    const sponsor = await as.sponsor!.studies.list({});
    expect(sponsor.items.map((s) => s.id)).toEqual(rows.map((r) => r.id));
  });

  it('searches code and title case-insensitively, filters by status and site, and paginates in SQL', async () => {
    const all = (await as.admin!.studies.list({})).items;
    const target = all[3]!;
    const byCode = await as.admin!.studies.list({ search: target.studyId.toLowerCase() });
    expect(byCode.items.map((s) => s.id)).toEqual([target.id]);
    const word = target.title.split(':')[1]!.trim().split(' ')[0]!.toUpperCase();
    const byTitle = await as.admin!.studies.list({ search: word });
    expect(byTitle.items.every((s) => s.title.toUpperCase().includes(word))).toBe(true);
    expect(byTitle.items.map((s) => s.id)).toContain(target.id);
    expect((await as.admin!.studies.list({ search: '%' })).total).toBe(0);

    const active = await as.admin!.studies.list({ status: 'active' });
    expect(active.total).toBe(all.filter((s) => s.status === 'active').length);
    expect(active.items.every((s) => s.status === 'active')).toBe(true);

    const page = await as.admin!.studies.list({ limit: 3, offset: 2 });
    expect(page.items.map((s) => s.id)).toEqual(all.slice(2, 5).map((s) => s.id));
    expect(page.total).toBe(all.length);
    // Past the last page: no rows, and still the total (counted apart from the empty page).
    expect(await as.admin!.studies.list({ limit: 3, offset: all.length + 3 })).toMatchObject({ items: [], total: all.length });
    expect(await as.admin!.studies.list({ search: 'no such study' })).toMatchObject({ items: [], total: 0 });

    const site = await t.database.db.selectFrom('studySites').select(['siteId']).orderBy('id').executeTakeFirstOrThrow();
    const { rows } = await sql<{ studyId: number }>`select study_id from study_sites where site_id = ${site.siteId} order by study_id`.execute(t.database.db);
    const bySite = await as.admin!.studies.list({ siteId: site.siteId });
    expect(bySite.items.map((s) => s.id).sort((a, b) => a - b)).toEqual(rows.map((r) => r.studyId));
  });

  it('refuses a limit above the maximum and an unknown status', async () => {
    expect(await codeOf(as.admin!.studies.list({ limit: 101 }))).toBe('BAD_REQUEST');
    expect(await codeOf(as.admin!.studies.list({ status: 'paused' as any }))).toBe('BAD_REQUEST');
  });
});

describe('studies.byId', () => {
  it('returns the study, its CTMS fields, counts from the database, duration and insights', async () => {
    const study = await t.database.db.selectFrom('studies').selectAll().where('status', '=', 'active').orderBy('code').executeTakeFirstOrThrow();
    const d = await as['data-manager']!.studies.byId({ id: study.id });
    expect(d.studyId).toBe(study.code);
    expect(d.sponsorName).toBe(study.sponsorName);
    expect(d.croType).toBe(study.croType);
    expect(d.principalInvestigatorTitle).toBe(study.principalInvestigatorTitle);
    expect(d.startDate).toBe(study.startDate);
    expect(d.budgetTotal).toBe(study.budgetTotal);
    expect(d.currency).toBe('USD');
    expect(d.version).toBe(study.version);
    const { rows } = await sql<{ sites: number; active: number; total: number; enrolled: number; withdrawn: number }>`
      select (select count(*)::int from study_sites where study_id = ${study.id}) as sites,
             (select count(*)::int from study_sites where study_id = ${study.id} and status = 'active') as active,
             (select count(*)::int from patients where study_id = ${study.id}) as total,
             (select count(*)::int from patients where study_id = ${study.id} and status = 'enrolled') as enrolled,
             (select count(*)::int from patients where study_id = ${study.id} and status = 'withdrawn') as withdrawn`.execute(t.database.db);
    const c = rows[0]!;
    expect(d.counts.sites).toBe(c.sites);
    expect(d.counts.activeSites).toBe(c.active);
    expect(d.counts.patients.total).toBe(c.total);
    expect(d.counts.patients.enrolled).toBe(c.enrolled);
    expect(d.counts.patients.withdrawn).toBe(c.withdrawn);
    expect(d.currentEnrollment).toBe(d.counts.patients.enrolled + d.counts.patients.completed);
    expect(d.durationDays).toBe(Math.round((Date.now() - study.createdAt.getTime()) / 86_400_000));
    expect(new Set(d.insights.map((i) => i.kind))).toEqual(new Set(['enrollmentPace', 'sitesBehind', 'dataMissing']));
    for (const i of d.insights) {
      expect(['success', 'warning', 'info']).toContain(i.severity);
      expect(i.message.length).toBeGreaterThan(10);
    }
  });

  it('answers NOT_FOUND for an absent study and for a study the user is not a member of; BAD_REQUEST for a bad id', async () => {
    expect(await codeOf(as.admin!.studies.byId({ id: 999_999 }))).toBe('NOT_FOUND');
    const outside = await t.database.db.selectFrom('studies').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(await codeOf(as.investigator!.studies.byId({ id: outside.id }))).toBe('NOT_FOUND');
    const visible = (await as.investigator!.studies.list({})).items[0]!;
    expect((await as.investigator!.studies.byId({ id: visible.id })).id).toBe(visible.id);
    expect(await codeOf(as.admin!.studies.byId({ id: 0 }))).toBe('BAD_REQUEST');
    expect(await codeOf(as.admin!.studies.byId({ id: 'abc' as any }))).toBe('BAD_REQUEST');
    expect(await codeOf(as.admin!.studies.byId({ id: 99_999_999_999 }))).toBe('BAD_REQUEST');
  });
});

describe('studies.byId insights on a controlled study', () => {
  it("refuses a visit that follows another study's visit definition (visits are counted by definition)", async () => {
    const { db } = t.database;
    const actor = { userId: await userId('admin@demo.local'), reason: 'Test data' };
    const patient = await db.selectFrom('patients').select(['id', 'studyId']).executeTakeFirstOrThrow();
    const foreign = await db
      .selectFrom('visitDefinitions')
      .select('id')
      .where('studyId', '<>', patient.studyId)
      .executeTakeFirstOrThrow();
    const inserted = withActor(db, actor, (tx) =>
      tx
        .insertInto('subjectVisits')
        .values({ patientId: patient.id, visitDefinitionId: foreign.id, status: 'scheduled', scheduledDate: '2099-01-01' })
        .execute(),
    );
    expect(await inserted.then(() => 'inserted', (err: unknown) => pgErrorCode(err))).toBe('23514');
  });

  it('measures enrollment pace, sites behind and missing data from the study rows', async () => {
    const { db } = t.database;
    const created = await as['study-manager']!.studies.create(
      newStudy('INS-2024-001', { status: 'active', targetEnrollment: 20, startDate: '2024-01-01', plannedEndDate: '2099-12-31' }),
    );
    const actor = { userId: await userId('admin@demo.local'), reason: 'Test data' };
    const { today } = (await sql<{ today: string }>`select current_date::text as today`.execute(db)).rows[0]!;
    const daysAgo = (n: number) => new Date(Date.parse(today) - n * 86_400_000).toISOString().slice(0, 10);
    await withActor(db, actor, async (tx) => {
      const sites = await tx
        .insertInto('sites')
        .values(['INS-S1', 'INS-S2', 'INS-S3'].map((n) => ({ siteNumber: n, name: `Site ${n}`, country: 'France' })))
        .returning('id')
        .execute();
      const [s1, s2, s3] = sites.map((s) => s.id) as [number, number, number];
      await tx
        .insertInto('studySites')
        .values([
          { studyId: created.id, siteId: s1, enrollmentTarget: 10, status: 'active', assignedOn: '2023-12-01', activatedOn: '2023-12-20' },
          { studyId: created.id, siteId: s2, enrollmentTarget: 10, status: 'active', assignedOn: '2023-12-01', activatedOn: '2023-12-20' },
          { studyId: created.id, siteId: s3, enrollmentTarget: 5, status: 'pending', assignedOn: '2023-12-01' },
        ])
        .execute();
      // Site 1: 6 enrolled (first 120 days ago); site 2: 1 enrolled; one subject screening without ethnicity.
      const subject = (siteId: number, k: number, enrolledDaysAgo: number | null) => ({
        subjectCode: `INS-${siteId}-${k}`,
        studyId: created.id,
        siteId,
        status: enrolledDaysAgo === null ? ('screening' as const) : ('enrolled' as const),
        yearOfBirth: 1970,
        sex: 'F',
        ethnicity: enrolledDaysAgo === null ? null : 'Not reported',
        screeningDate: daysAgo(200),
        enrollmentDate: enrolledDaysAgo === null ? null : daysAgo(enrolledDaysAgo),
      });
      const patients = await tx
        .insertInto('patients')
        .values([
          ...[120, 100, 80, 60, 40, 20].map((d, k) => subject(s1, k, d)),
          subject(s2, 0, 30),
          subject(s2, 1, null),
        ])
        .returning('id')
        .execute();
      const def = await tx
        .insertInto('visitDefinitions')
        .values({ studyId: created.id, code: 'D0', name: 'Day 0', dayOffset: 0, sortOrder: 0 })
        .returning('id')
        .executeTakeFirstOrThrow();
      // Three visits due (one completed, one missed, one pending), one in the future.
      await tx
        .insertInto('subjectVisits')
        .values([
          { patientId: patients[0]!.id, visitDefinitionId: def.id, status: 'completed', scheduledDate: daysAgo(10), actualDate: daysAgo(10) },
          { patientId: patients[1]!.id, visitDefinitionId: def.id, status: 'missed', scheduledDate: daysAgo(5) },
          { patientId: patients[2]!.id, visitDefinitionId: def.id, status: 'pending', scheduledDate: today },
          { patientId: patients[3]!.id, visitDefinitionId: def.id, status: 'scheduled', scheduledDate: daysAgo(-5) },
        ])
        .execute();
    });

    const d = await as['study-manager']!.studies.byId({ id: created.id });
    const pace = d.insights.find((i) => i.kind === 'enrollmentPace')!;
    // 7 enrolled since 120 days ago: 120 / 30.4375 = 3.94 months -> 1.78 per month; 13 to go -> 7.3 months.
    const months = 120 / 30.4375;
    expect(pace.code).toBe('paceOnTrack');
    expect(pace.severity).toBe('success');
    expect(pace.params).toMatchObject({ enrolled: 7, current: 7, target: 20, since: daysAgo(120) });
    expect(pace.params.perMonth).toBe(Math.round((7 / months) * 10) / 10);
    expect(pace.params.monthsToTarget).toBe(Math.round((13 / (7 / months)) * 10) / 10);
    expect(pace.message).toContain('per month');

    const behind = d.insights.find((i) => i.code === 'sitesBehind')!;
    // Study-wide ratio over active sites = 7 / 20 = 35%; site 2 at 1/10 = 10% < 17.5%.
    expect(behind.severity).toBe('warning');
    expect(behind.params).toMatchObject({ count: 1, measured: 2, studyPercent: 35, sites: 'INS-S2' });
    const pending = d.insights.find((i) => i.code === 'sitesPending')!;
    expect(pending.params).toMatchObject({ count: 1, sites: 'INS-S3' });

    const missing = d.insights.find((i) => i.kind === 'dataMissing')!;
    expect(missing.code).toBe('dataMissing');
    expect(missing.params).toEqual({ visitsDue: 3, visitsMissing: 2, subjects: 8, subjectsMissingDemographics: 1 });

    // A planned end date the pace cannot reach turns the pace insight into a warning.
    await as['study-manager']!.studies.update({ id: created.id, version: d.version, reason: 'Shorter plan', changes: { plannedEndDate: daysAgo(-30) } });
    const late = (await as['study-manager']!.studies.byId({ id: created.id })).insights.find((i) => i.kind === 'enrollmentPace')!;
    expect(late.code).toBe('paceBehind');
    expect(late.severity).toBe('warning');
  });
});

describe('studies.create', () => {
  it('creates the study, makes the creator a member, and audits it with the reason "Study created"', async () => {
    const s = await as['study-manager']!.studies.create(
      newStudy('new-2025-001', { sponsorName: 'Acme', sponsorType: 'Biotechnology', startDate: '2025-01-01', plannedEndDate: '2026-06-30', budgetTotal: 1_500_000 }),
    );
    expect(s.studyId).toBe('NEW-2025-001');
    expect(s.version).toBe(1);
    expect(s.currentEnrollment).toBe(0);
    const { db } = t.database;
    const smId = await userId('study-manager@demo.local');
    const membership = await db.selectFrom('studyMemberships').selectAll().where('studyId', '=', s.id).execute();
    expect(membership).toMatchObject([{ userId: smId, role: 'study-manager', siteId: null }]);
    const event = await db
      .selectFrom('auditEvents')
      .selectAll()
      .where('tableName', '=', 'studies')
      .where('recordId', '=', String(s.id))
      .executeTakeFirstOrThrow();
    expect(event.action).toBe('insert');
    expect(event.reason).toBe('Study created');
    expect(event.actorUserId).toBe(smId);
    expect((await as['study-manager']!.studies.list({ search: 'NEW-2025-001' })).total).toBe(1);
    // Not a member: the data manager does not see a study created by someone else.
    expect(await codeOf(as['data-manager']!.studies.byId({ id: s.id }))).toBe('NOT_FOUND');
    // An admin creating a study gets no membership (admins see every study).
    const a = await as.admin!.studies.create(newStudy('ADM-2025-001'));
    expect(await db.selectFrom('studyMemberships').select('id').where('studyId', '=', a.id).execute()).toEqual([]);
  });

  it('refuses bad input with BAD_REQUEST', async () => {
    const c = as.admin!;
    expect(await codeOf(c.studies.create(newStudy('bad code!')))).toBe('BAD_REQUEST');
    expect(await codeOf(c.studies.create(newStudy('AB')))).toBe('BAD_REQUEST');
    expect(await codeOf(c.studies.create(newStudy('VAL-001', { targetEnrollment: 0 })))).toBe('BAD_REQUEST');
    expect(await codeOf(c.studies.create(newStudy('VAL-002', { targetEnrollment: 1.5 })))).toBe('BAD_REQUEST');
    expect(await codeOf(c.studies.create(newStudy('VAL-003', { phase: 'Phase V' })))).toBe('BAD_REQUEST');
    expect(await codeOf(c.studies.create(newStudy('VAL-004', { status: 'paused' })))).toBe('BAD_REQUEST');
    expect(await codeOf(c.studies.create(newStudy('VAL-005', { startDate: '2025-06-01', plannedEndDate: '2025-05-31' })))).toBe('BAD_REQUEST');
    expect(await codeOf(c.studies.create(newStudy('VAL-006', { startDate: '2025-02-30' })))).toBe('BAD_REQUEST');
    expect(await codeOf(c.studies.create(newStudy('VAL-007', { title: '' })))).toBe('BAD_REQUEST');
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from studies where code like 'VAL-%'`.execute(t.database.db);
    expect(rows[0]!.n).toBe(0);
  });

  it('answers CONFLICT with a clear message for a code already in use', async () => {
    const existing = await t.database.db.selectFrom('studies').select('code').orderBy('id').executeTakeFirstOrThrow();
    const p = as.admin!.studies.create(newStudy(existing.code.toLowerCase()));
    expect(await codeOf(p)).toBe('CONFLICT');
    expect(await messageOf(as.admin!.studies.create(newStudy(existing.code)))).toBe(`Study code ${existing.code} is already in use`);
  });

  it('is FORBIDDEN for roles without study.create', async () => {
    for (const r of ['sponsor', 'investigator', 'coordinator', 'monitor'] as const) {
      expect(await codeOf(as[r]!.studies.create(newStudy(`FRB-${r.slice(0, 3).toUpperCase()}-1`)))).toBe('FORBIDDEN');
    }
    expect((await as['data-manager']!.studies.create(newStudy('DM-2025-001'))).studyId).toBe('DM-2025-001');
  });
});

describe('studies.update', () => {
  it('updates with a reason, bumps the version, and writes an audit row with old and new values', async () => {
    const s = await as['study-manager']!.studies.create(newStudy('UPD-2025-001', { currency: 'EUR', startDate: '2025-01-01' }));
    const updated = await as['study-manager']!.studies.update({
      id: s.id,
      version: s.version,
      reason: 'Protocol amendment 2',
      changes: { title: 'Amended title', targetEnrollment: 55 },
    });
    expect(updated.version).toBe(2);
    expect(updated.title).toBe('Amended title');
    expect(updated.targetEnrollment).toBe(55);
    const row = await t.database.db.selectFrom('studies').select(['currency', 'startDate']).where('id', '=', s.id).executeTakeFirstOrThrow();
    // Fields left out of the change keep their stored values (the currency is not reset to a default).
    expect(row).toEqual({ currency: 'EUR', startDate: '2025-01-01' });
    const event = await t.database.db
      .selectFrom('auditEvents')
      .selectAll()
      .where('tableName', '=', 'studies')
      .where('recordId', '=', String(s.id))
      .where('action', '=', 'update')
      .executeTakeFirstOrThrow();
    expect(event.reason).toBe('Protocol amendment 2');
    expect(event.actorUserId).toBe(await userId('study-manager@demo.local'));
    expect(event.changes).toEqual({ title: { old: 'Study UPD-2025-001', new: 'Amended title' }, targetEnrollment: { old: 40, new: 55 } });
  });

  it('gives the second of two edits from the same version a CONFLICT and keeps the first', async () => {
    const s = await as['study-manager']!.studies.create(newStudy('UPD-2025-002'));
    await as['study-manager']!.studies.update({ id: s.id, version: 1, reason: 'First edit', changes: { title: 'First edit wins' } });
    const second = as.admin!.studies.update({ id: s.id, version: 1, reason: 'Second edit', changes: { title: 'Second edit lost' } });
    expect(await codeOf(second)).toBe('CONFLICT');
    expect(await messageOf(as['study-manager']!.studies.update({ id: s.id, version: 1, reason: 'Again', changes: { title: 'x y z' } }))).toBe(
      'This record was changed by someone else; reload and try again',
    );
    const row = await t.database.db.selectFrom('studies').select(['title', 'version']).where('id', '=', s.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ title: 'First edit wins', version: 2 });
  });

  it('checks dates in order against the stored values, and refuses bad input', async () => {
    const s = await as['study-manager']!.studies.create(newStudy('UPD-2025-003', { startDate: '2025-03-01', plannedEndDate: '2026-03-01' }));
    const c = as['study-manager']!;
    const early = c.studies.update({ id: s.id, version: 1, reason: 'Move end', changes: { plannedEndDate: '2025-01-01' } });
    expect(await codeOf(early)).toBe('BAD_REQUEST');
    expect(await messageOf(c.studies.update({ id: s.id, version: 1, reason: 'Move start', changes: { startDate: '2026-06-01' } }))).toBe(
      'The planned end date (2026-03-01) must not be before the start date (2026-06-01)',
    );
    expect(await codeOf(c.studies.update({ id: s.id, version: 1, reason: 'Both', changes: { startDate: '2025-05-01', plannedEndDate: '2025-04-01' } }))).toBe('BAD_REQUEST');
    expect(await codeOf(c.studies.update({ id: s.id, version: 1, reason: 'x', changes: { title: 'Too short reason' } }))).toBe('BAD_REQUEST');
    expect(await codeOf(c.studies.update({ id: s.id, version: 1, reason: 'Nothing', changes: {} }))).toBe('BAD_REQUEST');
    expect(await codeOf(c.studies.update({ id: s.id, version: 1, reason: 'Target', changes: { targetEnrollment: 0 } }))).toBe('BAD_REQUEST');
    const ok = await c.studies.update({ id: s.id, version: 1, reason: 'Move both', changes: { startDate: '2025-04-01', plannedEndDate: '2026-04-01' } });
    expect(ok.version).toBe(2);
  });

  it('is FORBIDDEN for roles without study.update and NOT_FOUND outside the membership', async () => {
    const study = await t.database.db.selectFrom('studies').select(['id', 'version']).orderBy('id').executeTakeFirstOrThrow();
    for (const r of ['sponsor', 'investigator', 'coordinator', 'monitor'] as const) {
      expect(await codeOf(as[r]!.studies.update({ id: study.id, version: study.version, reason: 'Try', changes: { title: 'Nope nope' } }))).toBe('FORBIDDEN');
    }
    const mine = await as['study-manager']!.studies.create(newStudy('UPD-2025-004'));
    expect(await codeOf(as['data-manager']!.studies.update({ id: mine.id, version: 1, reason: 'Try', changes: { title: 'Not mine' } }))).toBe('NOT_FOUND');
    expect(await codeOf(as.admin!.studies.update({ id: 999_999, version: 1, reason: 'Try', changes: { title: 'Nowhere' } }))).toBe('NOT_FOUND');
  });
});

describe('studies.recentActivity', () => {
  it('lists the study and child-row events newest first, with user names, reasons and values for audit readers', async () => {
    const { db } = t.database;
    const s = await as['study-manager']!.studies.create(newStudy('ACT-2025-001'));
    await as['study-manager']!.studies.update({ id: s.id, version: 1, reason: 'Retitle', changes: { title: 'Activity study' } });
    const m = await as['study-manager']!.trials.createMilestone({ studyId: s.id, name: 'First Patient In', date: '2025-09-01', status: 'pending', reason: 'Plan' });
    await as['study-manager']!.trials.updateMilestone({ id: m.id, version: m.version, reason: 'Sponsor request', changes: { date: '2025-10-01' } });
    await withActor(db, { userId: null, reason: 'Background job' }, (tx) =>
      tx.insertInto('budgetLines').values({ studyId: s.id, category: 'Monitoring', plannedAmount: 1000 }).execute(),
    );

    const events = await as['study-manager']!.studies.recentActivity({ studyId: s.id });
    expect(events.map((e) => [e.table, e.action, e.reason])).toEqual([
      ['budget_lines', 'insert', 'Background job'],
      ['milestones', 'update', 'Sponsor request'],
      ['milestones', 'insert', 'Plan'],
      ['studies', 'update', 'Retitle'],
      ['studies', 'insert', 'Study created'],
    ]);
    expect(events[0]!.userName).toBe('System');
    expect(events[1]!.userName).toBe('Michael Chen');
    expect(events[1]!.recordId).toBe(String(m.id));
    // Each event names its record as a person would (a milestone by its name, the study by its code).
    expect(events[1]!.recordLabel).toBe((await db.selectFrom('milestones').select('name').where('id', '=', m.id).executeTakeFirstOrThrow()).name);
    expect(events.at(-1)!.recordLabel).toBe(s.studyId);
    // A created record lists what it was created with, not its own id.
    expect(events.at(-1)!.fields.map((f) => f.field)).not.toContain('id');
    expect(events[1]!.fields).toEqual([{ field: 'targetDate', oldValue: '2025-09-01', newValue: '2025-10-01' }]);
    expect(events[1]!.valuesHidden).toBe(false);
    expect(new Date(events[1]!.timestamp).toISOString()).toBe(events[1]!.timestamp); // ISO 8601, as it travels
    expect(events.map((e) => e.id)).toEqual([...events.map((e) => e.id)].sort((a, b) => b - a));

    const two = await as['study-manager']!.studies.recentActivity({ studyId: s.id, limit: 2 });
    expect(two.map((e) => e.id)).toEqual(events.slice(0, 2).map((e) => e.id));
    expect(await codeOf(as['study-manager']!.studies.recentActivity({ studyId: s.id, limit: 21 }))).toBe('BAD_REQUEST');
  });

  it("includes the study's subjects, study sites and deviations, and hides values from roles without audit.read", async () => {
    const { db } = t.database;
    const study = await db.selectFrom('studies').select('id').where('sponsorName', '=', 'Meridian Pharmaceuticals').orderBy('id').executeTakeFirstOrThrow();
    const patient = await db.selectFrom('patients').select(['id', 'ethnicity']).where('studyId', '=', study.id).orderBy('id').executeTakeFirstOrThrow();
    await withActor(db, { userId: await userId('coordinator@demo.local'), reason: 'Source data correction' }, (tx) =>
      tx.updateTable('patients').set({ ethnicity: 'Corrected value' }).where('id', '=', patient.id).execute(),
    );
    const forMonitor = await as.monitor!.studies.recentActivity({ studyId: study.id, limit: 5 });
    expect(forMonitor[0]).toMatchObject({ table: 'patients', recordId: String(patient.id), reason: 'Source data correction', userName: 'Priya Patel' });
    expect(forMonitor[0]!.recordLabel).toBe(
      (await db.selectFrom('patients').select('subjectCode').where('id', '=', patient.id).executeTakeFirstOrThrow()).subjectCode,
    );
    expect(forMonitor[0]!.fields).toEqual([{ field: 'ethnicity', oldValue: patient.ethnicity, newValue: 'Corrected value' }]);

    const forSponsor = await as.sponsor!.studies.recentActivity({ studyId: study.id, limit: 5 });
    expect(forSponsor[0]!.id).toBe(forMonitor[0]!.id);
    expect(forSponsor[0]!.valuesHidden).toBe(true);
    expect(forSponsor[0]!.fields).toEqual([{ field: 'ethnicity' }]);
    expect(JSON.stringify(forSponsor)).not.toContain('Corrected value');

    // Older events of the seed: study sites and deviations of this study are part of its activity.
    const seeded = await as.admin!.studies.recentActivity({ studyId: study.id, limit: 20 });
    expect(seeded.length).toBe(20);
  });

  it("shows site staff only their own site's subjects", async () => {
    const { db } = t.database;
    const study = (await as.investigator!.studies.list({})).items[0]!;
    const own = await db
      .selectFrom('studyMemberships as m')
      .innerJoin('users as u', 'u.id', 'm.userId')
      .select('m.siteId')
      .where('u.email', '=', 'investigator@demo.local')
      .where('m.studyId', '=', study.id)
      .executeTakeFirstOrThrow();
    const other = await db.selectFrom('patients').select('id').where('studyId', '=', study.id).where('siteId', '<>', own.siteId!).orderBy('id').executeTakeFirstOrThrow();
    const mine = await db.selectFrom('patients').select('id').where('studyId', '=', study.id).where('siteId', '=', own.siteId!).orderBy('id').executeTakeFirstOrThrow();
    const actor = { userId: await userId('monitor@demo.local'), reason: 'Monitoring visit' };
    await withActor(db, actor, (tx) => tx.updateTable('patients').set({ ethnicity: 'Other site edit' }).where('id', '=', other.id).execute());
    await withActor(db, actor, (tx) => tx.updateTable('patients').set({ ethnicity: 'Own site edit' }).where('id', '=', mine.id).execute());
    const forInvestigator = await as.investigator!.studies.recentActivity({ studyId: study.id, limit: 5 });
    const forMonitor = await as.monitor!.studies.recentActivity({ studyId: study.id, limit: 5 });
    expect(forMonitor.slice(0, 2).map((e) => e.recordId)).toEqual([String(mine.id), String(other.id)]);
    expect(forInvestigator[0]!.recordId).toBe(String(mine.id));
    expect(forInvestigator.some((e) => e.table === 'patients' && e.recordId === String(other.id))).toBe(false);
    expect(forInvestigator[0]!.valuesHidden).toBe(true);
  });

  it('answers NOT_FOUND outside the membership and for an absent study', async () => {
    const outside = await t.database.db.selectFrom('studies').select('id').where('sponsorName', '<>', 'Meridian Pharmaceuticals').orderBy('id').executeTakeFirstOrThrow();
    expect(await codeOf(as.sponsor!.studies.recentActivity({ studyId: outside.id }))).toBe('NOT_FOUND');
    expect(await codeOf(as.admin!.studies.recentActivity({ studyId: 999_999 }))).toBe('NOT_FOUND');
  });
});

describe('REST /api/studies', () => {
  let server: TestServer;
  let client: TestClient;
  beforeAll(async () => {
    server = await startServer(t.database);
    client = new TestClient(server.url);
    expect((await client.login('investigator@demo.local')).status).toBe(200);
  });
  afterAll(() => server.close());

  it('answers 401 without a session', async () => {
    const anonymous = new TestClient(server.url);
    expect((await anonymous.request('/api/studies')).status).toBe(401);
    expect((await anonymous.request('/api/studies/1')).status).toBe(401);
  });

  it('returns the plain array of the spec Study objects with X-Total-Count, capping the limit', async () => {
    const res = await client.request('/api/studies');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-total-count')).toBe('4');
    const body = (await res.json()) as any[];
    expect(Array.isArray(body)).toBe(true);
    expect(body).toHaveLength(4);
    expect(body[0]).toEqual({
      id: expect.any(Number),
      studyId: expect.any(String),
      title: expect.any(String),
      description: expect.any(String),
      phase: expect.any(String),
      status: expect.any(String),
      therapeutic_area: expect.any(String),
      currentEnrollment: expect.any(Number),
      targetEnrollment: expect.any(Number),
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    const capped = await client.request('/api/studies?limit=5000&offset=1');
    expect(capped.status).toBe(200);
    expect(capped.headers.get('x-total-count')).toBe('4');
    expect(((await capped.json()) as any[]).map((s) => s.id)).toEqual(body.slice(1).map((s) => s.id));
    const limited = await client.request('/api/studies?limit=2');
    expect((await limited.json()) as any[]).toHaveLength(2);
    expect((await client.request('/api/studies?limit=abc')).status).toBe(400);
    expect((await client.request('/api/studies?status=paused')).status).toBe(400);
  });

  it('returns 400 for a non-numeric id, 404 for an unknown or invisible one, the detail for a visible one', async () => {
    const bad = await client.request('/api/studies/abc');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: 'Study id must be a number' });
    const unknown = await client.request('/api/studies/999999');
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as any).error).toBe('Study not found');
    const outside = await t.database.db.selectFrom('studies').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect((await client.request(`/api/studies/${outside.id}`)).status).toBe(404);
    const list = (await (await client.request('/api/studies')).json()) as any[];
    const ok = await client.request(`/api/studies/${list[0].id}`);
    expect(ok.status).toBe(200);
    const detail = (await ok.json()) as any;
    expect(detail).toMatchObject({ id: list[0].id, studyId: list[0].studyId, title: list[0].title, currentEnrollment: list[0].currentEnrollment });
    expect(detail.counts.patients.total).toEqual(expect.any(Number));
    expect(detail.insights.length).toBeGreaterThanOrEqual(3);
  });
});
