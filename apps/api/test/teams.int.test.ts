// Study teams and per-study roles against a real database: one person, two studies, two roles; each
// role sees and does exactly what its membership allows; team changes audited, dated and never deleted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '@ctp/db';
import { createTestDatabase, TEST_TODAY, type TestDatabase } from './support/db.ts';
import { callerAs, demoEmail } from './support/app.ts';
import { rejects, type Caller } from './support/procedures.ts';

let t: TestDatabase;
let admin: Caller;
let dual: Caller;
let dualId: number;
/** Study A (the person is investigator at one site) and study B (monitor), both with subjects at two or more sites. */
let a: { id: number; site: number; otherSite: number };
let b: { id: number };

beforeAll(async () => {
  t = await createTestDatabase({ seed: true });
  admin = await callerAs(t.database, demoEmail('admin'));
  const { rows } = await sql<{ studyId: number; sites: number[] }>`
    select p.study_id, array_agg(distinct p.site_id order by p.site_id) as sites
      from patients p join studies s on s.id = p.study_id
     where s.status in ('active', 'enrolling')
     group by p.study_id having count(distinct p.site_id) >= 2 order by p.study_id limit 2`.execute(t.database.db);
  expect(rows).toHaveLength(2);
  a = { id: rows[0]!.studyId, site: rows[0]!.sites[0]!, otherSite: rows[0]!.sites[1]! };
  b = { id: rows[1]!.studyId };
  const { user } = await admin.users.invite({ email: 'dual.role@hospital.example', fullName: 'Dana Dual', role: 'investigator' });
  dualId = user.id;
  // An invited account acts once its owner has set a password; the test activates it directly.
  await sql`select set_config('app.user_id', 'system', false), set_config('app.reason', 'Test: invitation accepted', false)`.execute(t.database.db);
  await sql`update users set is_active = true, password_hash = 'x' where id = ${dualId}`.execute(t.database.db);
  dual = await callerAs(t.database, 'dual.role@hospital.example');
});
afterAll(async () => {
  await t.cleanup();
});

describe('study teams', () => {
  it('adds a person as investigator at one site of study A and as monitor in study B, with a reason, audited', async () => {
    await rejects(admin.teams.add({ studyId: a.id, userId: dualId, role: 'investigator', siteIds: [], reason: 'New site PI' }), 'BAD_REQUEST', /at least one site/);
    await admin.teams.add({ studyId: a.id, userId: dualId, role: 'investigator', siteIds: [a.site], reason: 'New site PI' });
    await rejects(admin.teams.add({ studyId: a.id, userId: dualId, role: 'monitor', siteIds: [], reason: 'Again' }), 'CONFLICT');
    await admin.teams.add({ studyId: b.id, userId: dualId, role: 'monitor', siteIds: [], reason: 'CRA for the study' });
    const team = await admin.teams.list({ studyId: a.id });
    expect(team.members.find((m) => m.userId === dualId)).toMatchObject({ role: 'investigator', sites: [{ siteId: a.site }], endedAt: null });
    const audit = await t.database.db.selectFrom('auditEvents').select(['reason']).where('tableName', '=', 'study_memberships').where('reason', 'in', ['New site PI', 'CRA for the study']).execute();
    expect(audit).toHaveLength(2);
  });

  it('sees subjects of its own site in study A and of every site in study B', async () => {
    const page = await dual.patients.list({ limit: 100 });
    expect(page.total).toBeGreaterThan(0);
    const rows = await t.database.db.selectFrom('patients').select(['id', 'studyId', 'siteId']).where('id', 'in', page.items.map((p) => p.id)).execute();
    expect(new Set(rows.filter((r) => r.studyId === a.id).map((r) => r.siteId))).toEqual(new Set([a.site]));
    const inB = await t.database.db.selectFrom('patients').select((eb) => eb.fn.countAll<string>().as('n')).where('studyId', '=', b.id).executeTakeFirstOrThrow();
    const expected = await t.database.db
      .selectFrom('patients')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where((eb) => eb.or([eb('studyId', '=', b.id), eb.and([eb('studyId', '=', a.id), eb('siteId', '=', a.site)])]))
      .executeTakeFirstOrThrow();
    expect(Number(inB.n)).toBeGreaterThan(0);
    expect(page.total).toBe(Number(expected.n));
  });

  it('does what the role in each study allows, and nothing else', async () => {
    const enroll = (studyId: number, siteId: number) => dual.patients.enroll({ studyId, siteId, screeningDate: TEST_TODAY, yearOfBirth: 1970, sex: 'F', reason: 'Screened today' });
    // Investigator in A: enrols at the own site, not at another site of A.
    await enroll(a.id, a.site);
    await rejects(enroll(a.id, a.otherSite), 'FORBIDDEN', /own site/);
    // Monitor in B: may not enrol there (a monitor's role), may raise a query there.
    const bSite = (await t.database.db.selectFrom('patients').select(['id', 'siteId']).where('studyId', '=', b.id).orderBy('id').executeTakeFirstOrThrow());
    await rejects(enroll(b.id, bSite.siteId), 'FORBIDDEN', /role in this study/);
    const raised = await dual.queries.create({ patientId: bSite.id, type: 'clarification', description: 'Please confirm the visit date', priority: 'medium' });
    expect(raised).toBeTruthy();
    // ... and may not raise one in A, where they are the investigator.
    const aSubject = await t.database.db.selectFrom('patients').select('id').where('studyId', '=', a.id).where('siteId', '=', a.site).orderBy('id').executeTakeFirstOrThrow();
    await rejects(dual.queries.create({ patientId: aSubject.id, type: 'clarification', description: 'Please confirm the visit date', priority: 'medium' }), 'FORBIDDEN');
    // Source data verification is the monitor's: done in B, refused in A (though the global role is investigator).
    const entryIn = (studyId: number, siteId?: number) => {
      let q = t.database.db.selectFrom('formSubmissions').select(['id', 'version']).where('studyId', '=', studyId).where('status', '<>', 'draft').where('sdvAt', 'is', null).where('lockedAt', 'is', null).where('frozenAt', 'is', null);
      if (siteId !== undefined) q = q.where('siteId', '=', siteId);
      return q.orderBy('id').executeTakeFirstOrThrow();
    };
    const inB = await entryIn(b.id);
    await dual.casebook.review({ submissionId: inB.id, version: inB.version, action: 'verify' });
    const inA = await entryIn(a.id, a.site);
    await rejects(dual.casebook.review({ submissionId: inA.id, version: inA.version, action: 'verify' }), 'FORBIDDEN', /role in this study/);
  });

  it('lets the study manager of a study manage its team, and nobody else', async () => {
    const manager = await callerAs(t.database, demoEmail('study-manager'));
    const managed = await t.database.db
      .selectFrom('studyMemberships as m')
      .innerJoin('users as u', 'u.id', 'm.userId')
      .select('m.studyId')
      .where('u.email', '=', demoEmail('study-manager'))
      .where('m.role', '=', 'study-manager')
      .where('m.endedAt', 'is', null)
      .execute();
    const managedIds = managed.map((m) => m.studyId);
    const notManaged = await t.database.db.selectFrom('studies').select('id').where('id', 'not in', managedIds).orderBy('id').executeTakeFirst();
    const monitor = await callerAs(t.database, demoEmail('monitor'));
    await rejects(monitor.teams.add({ studyId: managedIds[0]!, userId: dualId, role: 'sponsor', siteIds: [], reason: 'Try' }), 'FORBIDDEN');
    if (notManaged) await rejects(manager.teams.add({ studyId: notManaged.id, userId: dualId, role: 'sponsor', siteIds: [], reason: 'Try' }), 'NOT_FOUND');
    const candidates = await manager.teams.candidates({ studyId: managedIds[0]!, search: 'dana' });
    const onTeam = await t.database.db.selectFrom('studyMemberships').select('id').where('studyId', '=', managedIds[0]!).where('userId', '=', dualId).where('endedAt', 'is', null).execute();
    expect(candidates.map((c) => c.email)).toEqual(onTeam.length ? [] : ['dual.role@hospital.example']);
  });

  it('changes role and sites keeping the start, and removal ends access at once while the history stays', async () => {
    const before = (await admin.teams.list({ studyId: a.id })).members.find((m) => m.userId === dualId)!;
    await admin.teams.change({ studyId: a.id, userId: dualId, role: 'investigator', siteIds: [a.site, a.otherSite], reason: 'Covers the second site too' });
    const after = (await admin.teams.list({ studyId: a.id })).members.find((m) => m.userId === dualId)!;
    expect(after.sites.map((s) => s.siteId).sort()).toEqual([a.site, a.otherSite].sort());
    expect(after.startedAt).toBe(before.startedAt);
    await dual.patients.enroll({ studyId: a.id, siteId: a.otherSite, screeningDate: TEST_TODAY, yearOfBirth: 1980, sex: 'M', reason: 'Screened today' });

    await admin.teams.remove({ studyId: a.id, userId: dualId, reason: 'Left the study' });
    await rejects(dual.studies.byId({ id: a.id }), 'NOT_FOUND');
    const team = await admin.teams.list({ studyId: a.id });
    expect(team.members.find((m) => m.userId === dualId)).toBeUndefined();
    expect(team.past.filter((m) => m.userId === dualId).length).toBeGreaterThanOrEqual(2);
    expect(team.past.every((m) => m.endedAt !== null)).toBe(true);
    // Rejoining starts a new membership beside the ended ones.
    await admin.teams.add({ studyId: a.id, userId: dualId, role: 'sponsor', siteIds: [], reason: 'Back as sponsor contact' });
    expect((await dual.studies.byId({ id: a.id })).id).toBe(a.id);
  });
});
