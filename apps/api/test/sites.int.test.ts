import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '@ctp/db';
import { createTestDatabase, TEST_TODAY, type TestDatabase } from './support/db.ts';
import { demoEmail, startServer, TestClient, type TestServer } from './support/app.ts';
import { callersForEveryRole, rejects, type Caller } from './support/procedures.ts';

let t: TestDatabase;
let server: TestServer;
let as: Record<string, Caller>;

beforeAll(async () => {
  t = await createTestDatabase({ seed: true });
  as = await callersForEveryRole(t.database);
  server = await startServer(t.database);
});
afterAll(async () => {
  await server?.close();
  await t?.cleanup();
});


const db = () => t.database.db;
const userId = async (role: string) =>
  (await db().selectFrom('users').select('id').where('email', '=', demoEmail(role)).executeTakeFirstOrThrow())
    .id;
const memberStudies = async (role: string) =>
  (
    await db()
      .selectFrom('studyMemberships')
      .select('studyId')
      .distinct()
      .where('userId', '=', await userId(role))
      .execute()
  ).map((r) => r.studyId);
const studyIds = async () =>
  (await db().selectFrom('studies').select('id').orderBy('id').execute()).map((r) => r.id);

/** Expected figures of one site, computed here independently of the service's SQL. */
async function expectedFigures(siteId: number, studies: number[] | null) {
  const inStudies = <Q extends { where: any }>(q: Q, col: string): Q =>
    studies ? q.where(col, 'in', studies.length ? studies : [-1]) : q;
  const ss = await inStudies(
    db().selectFrom('studySites').select(['studyId', 'enrollmentTarget', 'updatedAt']).where('siteId', '=', siteId),
    'studyId',
  ).execute();
  const enrolled = await inStudies(
    db()
      .selectFrom('patients')
      .select('id')
      .where('siteId', '=', siteId)
      .where('status', 'in', ['enrolled', 'completed']),
    'studyId',
  ).execute();
  // Latest change to the site, its study assignments or its subjects (in the studies that count).
  const changes = [
    (await db().selectFrom('sites').select('updatedAt').where('id', '=', siteId).executeTakeFirstOrThrow()).updatedAt,
    ...ss.map((r) => r.updatedAt),
    ...(await inStudies(db().selectFrom('patients').select('updatedAt').where('siteId', '=', siteId), 'studyId').execute()).map(
      (r) => r.updatedAt,
    ),
  ];
  return {
    lastActivity: new Date(Math.max(...changes.map((d) => d.getTime()))).toISOString(),
    enrollmentTarget: ss.reduce((a, r) => a + r.enrollmentTarget, 0),
    currentEnrollment: enrolled.length,
    studyCount: ss.length,
    studyId: ss.length ? Math.min(...ss.map((r) => r.studyId)) : null,
  };
}

describe('sites.list', () => {
  it('lists every site for the admin, ordered by site number, with figures computed from the data', async () => {
    const all = await db().selectFrom('sites').select(['id', 'siteNumber']).orderBy('siteNumber').execute();
    const page = await as.admin!.sites.list({ limit: 100 });
    expect(page.total).toBe(all.length);
    expect(page.items.map((s) => s.siteNumber)).toEqual(all.map((s) => s.siteNumber));
    for (const item of page.items.slice(0, 6)) {
      expect(item).toMatchObject(await expectedFigures(item.id, null));
      // Timestamps travel as ISO 8601 strings (responses are plain JSON).
      expect(item.createdAt).toBe(new Date(item.createdAt).toISOString());
      expect(Date.parse(item.lastActivity!)).toBeGreaterThanOrEqual(Date.parse(item.createdAt));
    }
  });

  it('paginates with the total of the whole filtered list', async () => {
    const first = await as.admin!.sites.list({ limit: 5, offset: 0 });
    const last = await as.admin!.sites.list({ limit: 5, offset: 15 });
    const beyond = await as.admin!.sites.list({ limit: 5, offset: 40 });
    expect(first).toMatchObject({ total: 16, limit: 5, offset: 0 });
    expect(first.items).toHaveLength(5);
    expect(last.items).toHaveLength(1);
    expect(beyond).toMatchObject({ items: [], total: 16 });
    const pages = [];
    for (let offset = 0; offset < 16; offset += 5)
      pages.push(...(await as.admin!.sites.list({ limit: 5, offset })).items);
    const all = await db().selectFrom('sites').select('siteNumber').orderBy('siteNumber').execute();
    expect(pages.map((s) => s.siteNumber)).toEqual(all.map((s) => s.siteNumber));
  });

  it('searches site number, name, city and country case-insensitively, combined with the status filter', async () => {
    const site = await db().selectFrom('sites').selectAll().orderBy('id').executeTakeFirstOrThrow();
    const byNumber = await as.admin!.sites.list({ search: site.siteNumber.toLowerCase() });
    expect(byNumber.items.map((s) => s.id)).toEqual([site.id]);
    const byCity = await as.admin!.sites.list({ search: site.city!.toUpperCase(), limit: 100 });
    const cityCount = await db()
      .selectFrom('sites')
      .select('id')
      .where(sql<boolean>`city ilike ${site.city!}`)
      .execute();
    expect(byCity.total).toBe(cityCount.length);
    expect(
      byCity.items.every(
        (s) => s.siteName.toLowerCase().includes(site.city!.toLowerCase()) || s.address?.includes(site.city!),
      ),
    ).toBe(true);
    const byCountry = await as.admin!.sites.list({ search: site.country.toLowerCase(), limit: 100 });
    expect(byCountry.total).toBeGreaterThan(0);
    const pending = await as.admin!.sites.list({ status: 'pending', limit: 100 });
    expect(pending.items.every((s) => s.status === 'pending')).toBe(true);
    const expectedPending = await db()
      .selectFrom('sites')
      .select('id')
      .where('status', '=', 'pending')
      .execute();
    expect(pending.total).toBe(expectedPending.length);
    const none = await as.admin!.sites.list({ search: 'no-such-site-anywhere' });
    expect(none).toMatchObject({ items: [], total: 0 });
    // LIKE wildcards in the term match literally.
    expect((await as.admin!.sites.list({ search: '%' })).total).toBe(0);
  });

  it('narrows to one study, counting only that study in the figures', async () => {
    const [studyId] = await studyIds();
    const expected = await db()
      .selectFrom('studySites')
      .select('siteId')
      .where('studyId', '=', studyId!)
      .execute();
    const page = await as['study-manager']!.sites.list({ studyId: studyId!, limit: 100 });
    expect(page.items.map((s) => s.id).sort()).toEqual(expected.map((r) => r.siteId).sort());
    for (const item of page.items) expect(item).toMatchObject(await expectedFigures(item.id, [studyId!]));
  });

  it('shows other roles only the sites of their studies; a study they are not a member of is NOT_FOUND', async () => {
    const mine = await memberStudies('investigator');
    const expected = await db()
      .selectFrom('studySites')
      .select('siteId')
      .distinct()
      .where('studyId', 'in', mine)
      .execute();
    const page = await as.investigator!.sites.list({ limit: 100 });
    expect(page.items.map((s) => s.id).sort()).toEqual(expected.map((r) => r.siteId).sort());
    for (const item of page.items.slice(0, 3))
      expect(item).toMatchObject(await expectedFigures(item.id, mine));
    const other = (await studyIds()).find((id) => !mine.includes(id))!;
    await rejects(as.investigator!.sites.list({ studyId: other }), 'NOT_FOUND', 'Study not found');
  });

  it('refuses bad input', async () => {
    await rejects(as.admin!.sites.list({ limit: 0 }), 'BAD_REQUEST');
    await rejects(as.admin!.sites.list({ status: 'closed' as never }), 'BAD_REQUEST');
  });
});

describe('sites.summary', () => {
  it('computes the four tiles with SQL over the visible sites', async () => {
    const s = await as.admin!.sites.summary();
    const sites = await db().selectFrom('sites').select('status').execute();
    const targets = await db().selectFrom('studySites').select('enrollmentTarget').execute();
    const enrolled = await db()
      .selectFrom('patients')
      .select('id')
      .where('status', 'in', ['enrolled', 'completed'])
      .execute();
    const totalTarget = targets.reduce((a, r) => a + r.enrollmentTarget, 0);
    expect(s).toEqual({
      activeSites: sites.filter((r) => r.status === 'active').length,
      pendingSites: sites.filter((r) => r.status === 'pending').length,
      totalTarget,
      totalEnrollment: enrolled.length,
      enrollmentRate: Math.round((enrolled.length / totalTarget) * 1000) / 10,
    });
  });

  it('agrees with the list for a scoped user and for one study', async () => {
    const list = await as.sponsor!.sites.list({ limit: 100 });
    const s = await as.sponsor!.sites.summary();
    expect(s.totalTarget).toBe(list.items.reduce((a, r) => a + r.enrollmentTarget, 0));
    expect(s.totalEnrollment).toBe(list.items.reduce((a, r) => a + r.currentEnrollment, 0));
    expect(s.activeSites).toBe(list.items.filter((r) => r.status === 'active').length);
    const [studyId] = await memberStudies('sponsor');
    const one = await as.sponsor!.sites.summary({ studyId: studyId! });
    const oneList = await as.sponsor!.sites.list({ studyId: studyId!, limit: 100 });
    expect(one.totalEnrollment).toBe(oneList.items.reduce((a, r) => a + r.currentEnrollment, 0));
  });
});

describe('sites.byId', () => {
  it('returns the detail with studies, contact fields, days active and insights from the data', async () => {
    const [studyId] = await studyIds();
    const ss = await db()
      .selectFrom('studySites')
      .selectAll()
      .where('studyId', '=', studyId!)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const d = await as.admin!.sites.byId({ id: ss.siteId });
    const site = await db()
      .selectFrom('sites')
      .selectAll()
      .where('id', '=', ss.siteId)
      .executeTakeFirstOrThrow();
    expect(d).toMatchObject({
      id: site.id,
      siteNumber: site.siteNumber,
      siteName: site.name,
      country: site.country,
      phone: site.phone,
      version: site.version,
    });
    expect(d.daysActive).toBe(Math.round((Date.now() - site.createdAt.getTime()) / 86_400_000));
    const all = await db()
      .selectFrom('studySites')
      .select('studyId')
      .where('siteId', '=', ss.siteId)
      .execute();
    expect(d.studies.map((s) => s.studyId).sort()).toEqual(all.map((r) => r.studyId).sort());
    const row = d.studies.find((s) => s.studyId === studyId)!;
    const enrolled = await db()
      .selectFrom('patients')
      .select('id')
      .where('studyId', '=', studyId!)
      .where('siteId', '=', ss.siteId)
      .where('status', 'in', ['enrolled', 'completed'])
      .execute();
    expect(row).toMatchObject({
      studySiteStatus: ss.status,
      enrollmentTarget: ss.enrollmentTarget,
      currentEnrollment: enrolled.length,
      assignedOn: ss.assignedOn,
      activatedOn: ss.activatedOn,
      version: ss.version,
    });
    expect(d.insights.length).toBeGreaterThan(0);
    for (const i of d.insights) expect(['warning', 'info', 'success']).toContain(i.severity);
    if (ss.status === 'active') {
      const enrollment = d.insights.find(
        (i) => i.params.study === row.studyCode && String(i.code).startsWith('enrollment'),
      );
      expect(enrollment?.params).toMatchObject({ current: enrolled.length, target: ss.enrollmentTarget });
    }
    const screened = await db().selectFrom('patients').select('id').where('siteId', '=', ss.siteId).execute();
    if (screened.length) expect(d.insights.some((i) => i.params.screened === screened.length)).toBe(true);
  });

  it("answers NOT_FOUND for an unknown site and for a site outside the user's studies", async () => {
    await rejects(as.admin!.sites.byId({ id: 999_999 }), 'NOT_FOUND', 'Site not found');
    const mine = await memberStudies('investigator');
    const visible = await db()
      .selectFrom('studySites')
      .select('siteId')
      .where('studyId', 'in', mine)
      .execute();
    const hidden = await db()
      .selectFrom('sites')
      .select('id')
      .where(
        'id',
        'not in',
        visible.map((r) => r.siteId),
      )
      .executeTakeFirstOrThrow();
    await rejects(as.investigator!.sites.byId({ id: hidden.id }), 'NOT_FOUND', 'Site not found');
    await rejects(as.admin!.sites.byId({ id: 'x' as never }), 'BAD_REQUEST');
  });
});

describe('site writes', () => {
  const newSite = {
    siteNumber: 'site-t100',
    siteName: 'Test Research Hospital',
    principalInvestigator: 'Dr. Ada Test',
    address: '1 Test Street',
    city: 'Testville',
    country: 'Iceland',
    phone: '+354 1234',
    email: 'site@test.example',
  };
  let created: { id: number; version: number };

  it('creates a pending site (site number upper-cased) visible to its creator and the admin only', async () => {
    const site = await as['study-manager']!.sites.create(newSite);
    expect(site).toMatchObject({
      siteNumber: 'SITE-T100',
      siteName: 'Test Research Hospital',
      status: 'pending',
      version: 1,
    });
    created = site;
    expect((await as['study-manager']!.sites.list({ search: 'site-t100' })).total).toBe(1);
    expect((await as.admin!.sites.list({ search: 'site-t100' })).total).toBe(1);
    // Not assigned to any study yet: roles that cannot create sites do not see it.
    expect((await as.monitor!.sites.list({ search: 'site-t100' })).total).toBe(0);
    await rejects(as.monitor!.sites.byId({ id: site.id }), 'NOT_FOUND');
    const detail = await as['study-manager']!.sites.byId({ id: site.id });
    expect(detail).toMatchObject({
      studies: [],
      studyId: null,
      studyCount: 0,
      enrollmentTarget: 0,
      currentEnrollment: 0,
      daysActive: 0,
    });
    expect(detail.insights.map((i) => i.code)).toEqual(['noData']);
  });

  it('refuses a duplicate site number with CONFLICT, bad input with BAD_REQUEST, and roles without site.create', async () => {
    await rejects(
      as.admin!.sites.create({ ...newSite, siteName: 'Another' }),
      'CONFLICT',
      'Site number SITE-T100 is already in use',
    );
    await rejects(as.admin!.sites.create({ ...newSite, siteNumber: 'bad number!' }), 'BAD_REQUEST');
    await rejects(
      as.admin!.sites.create({ ...newSite, siteNumber: 'SITE-T101', email: 'not-an-email' }),
      'BAD_REQUEST',
    );
    await rejects(
      as.admin!.sites.create({ ...newSite, siteNumber: 'SITE-T101', siteName: 'x' }),
      'BAD_REQUEST',
    );
    await rejects(as.monitor!.sites.create({ ...newSite, siteNumber: 'SITE-T102' }), 'FORBIDDEN');
    await rejects(as.investigator!.sites.create({ ...newSite, siteNumber: 'SITE-T102' }), 'FORBIDDEN');
  });

  it('updates with optimistic locking: the second edit from the same version is a CONFLICT and the first is kept', async () => {
    const first = await as['study-manager']!.sites.update({
      id: created.id,
      version: created.version,
      reason: 'Renamed after merger',
      changes: { siteName: 'Test University Hospital', email: '' },
    });
    expect(first).toMatchObject({ siteName: 'Test University Hospital', email: null, version: 2 });
    await rejects(
      as.admin!.sites.update({
        id: created.id,
        version: created.version,
        reason: 'Other edit',
        changes: { siteName: 'Lost edit' },
      }),
      'CONFLICT',
      'changed by someone else',
    );
    const now = await db()
      .selectFrom('sites')
      .select(['name', 'version'])
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(now).toEqual({ name: 'Test University Hospital', version: 2 });
    await rejects(
      as.admin!.sites.update({ id: created.id, version: 2, reason: 'Nothing', changes: {} }),
      'BAD_REQUEST',
      'Nothing to change',
    );
    await rejects(
      as.admin!.sites.update({ id: created.id, version: 2, reason: '', changes: { city: 'X' } }),
      'BAD_REQUEST',
    );
    await rejects(
      as.admin!.sites.update({ id: 999_999, version: 1, reason: 'Missing', changes: { city: 'X' } }),
      'NOT_FOUND',
    );
    await rejects(
      as.sponsor!.sites.update({
        id: created.id,
        version: 2,
        reason: 'Sponsor edit',
        changes: { city: 'X' },
      }),
      'FORBIDDEN',
    );
    created.version = 2;
  });

  it('assigns a site to a study once (pending), refusing a second assignment and unknown studies', async () => {
    const [studyId] = await studyIds();
    const row = await as['study-manager']!.sites.assignToStudy({
      studyId: studyId!,
      siteId: created.id,
      enrollmentTarget: 12,
      reason: 'Feasibility passed',
    });
    expect(row).toMatchObject({
      studyId,
      siteId: created.id,
      enrollmentTarget: 12,
      status: 'pending',
      assignedOn: TEST_TODAY,
      activatedOn: null,
      version: 1,
    });
    const code = (
      await db().selectFrom('studies').select('code').where('id', '=', studyId!).executeTakeFirstOrThrow()
    ).code;
    await rejects(
      as.admin!.sites.assignToStudy({
        studyId: studyId!,
        siteId: created.id,
        enrollmentTarget: 5,
        reason: 'Again',
      }),
      'CONFLICT',
      `Site SITE-T100 is already assigned to ${code}`,
    );
    await rejects(
      as['study-manager']!.sites.assignToStudy({
        studyId: 999_999,
        siteId: created.id,
        enrollmentTarget: 5,
        reason: 'Nope',
      }),
      'NOT_FOUND',
    );
    await rejects(
      as.admin!.sites.assignToStudy({
        studyId: studyId!,
        siteId: created.id,
        enrollmentTarget: 0,
        reason: 'Zero',
      }),
      'BAD_REQUEST',
    );
    await rejects(
      as.admin!.sites.assignToStudy({
        studyId: studyId!,
        siteId: 999_999,
        enrollmentTarget: 5,
        reason: 'No site',
      }),
      'NOT_FOUND',
      'Site not found',
    );
    await rejects(
      as.coordinator!.sites.assignToStudy({
        studyId: studyId!,
        siteId: created.id,
        enrollmentTarget: 5,
        reason: 'Staff',
      }),
      'FORBIDDEN',
    );
    // Now part of a study: its members see it.
    expect((await as.monitor!.sites.list({ search: 'site-t100' })).items[0]).toMatchObject({
      studyCount: 1,
      enrollmentTarget: 12,
      studyId,
    });
  });

  it('activates a pending assignment (recording today), makes the pending site active, and refuses anything else', async () => {
    const [studyId] = await studyIds();
    await rejects(
      as.admin!.sites.activate({ studyId: studyId!, siteId: created.id, version: 7, reason: 'Stale' }),
      'CONFLICT',
    );
    const row = await as['study-manager']!.sites.activate({
      studyId: studyId!,
      siteId: created.id,
      version: 1,
      reason: 'Site initiation visit done',
    });
    expect(row).toMatchObject({ status: 'active', activatedOn: TEST_TODAY, version: 2 });
    const site = await db()
      .selectFrom('sites')
      .select(['status', 'version'])
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(site).toEqual({ status: 'active', version: 3 });
    await rejects(
      as.admin!.sites.activate({ studyId: studyId!, siteId: created.id, version: 2, reason: 'Again' }),
      'PRECONDITION_FAILED',
      'Only a pending site can be activated',
    );
    const other = (await studyIds())[1]!;
    await rejects(
      as.admin!.sites.activate({ studyId: other, siteId: created.id, version: 1, reason: 'Not assigned' }),
      'NOT_FOUND',
    );
    await rejects(
      as.monitor!.sites.activate({ studyId: studyId!, siteId: created.id, version: 2, reason: 'Monitor' }),
      'FORBIDDEN',
    );
    const detail = await as.admin!.sites.byId({ id: created.id });
    expect(detail.studies[0]).toMatchObject({
      studySiteStatus: 'active',
      activatedOn: TEST_TODAY,
      version: 2,
    });
    expect(detail.insights.map((i) => i.code)).toContain('enrollmentBelowTarget');
  });

  it('refuses to assign an inactive site', async () => {
    const site = await as.admin!.sites.create({ ...newSite, siteNumber: 'SITE-T103' });
    await as.admin!.sites.update({
      id: site.id,
      version: site.version,
      reason: 'Closed',
      changes: { status: 'inactive' },
    });
    const [studyId] = await studyIds();
    await rejects(
      as.admin!.sites.assignToStudy({
        studyId: studyId!,
        siteId: site.id,
        enrollmentTarget: 4,
        reason: 'Try',
      }),
      'PRECONDITION_FAILED',
      'Only an active or pending site',
    );
  });
});

describe('sites.recentActivity', () => {
  it("lists the site's and its assignments' audit events, newest first, with values for audit readers", async () => {
    const site = await db()
      .selectFrom('sites')
      .select('id')
      .where('siteNumber', '=', 'SITE-T100')
      .executeTakeFirstOrThrow();
    const events = await as.admin!.sites.recentActivity({ siteId: site.id, limit: 20 });
    expect(events.map((e) => [e.table, e.action, e.reason])).toEqual([
      ['sites', 'update', 'Site initiation visit done'],
      ['study_sites', 'update', 'Site initiation visit done'],
      ['study_sites', 'insert', 'Feasibility passed'],
      ['sites', 'update', 'Renamed after merger'],
      ['sites', 'insert', 'New site registered'],
    ]);
    expect(events.map((e) => e.id)).toEqual([...events.map((e) => e.id)].sort((a, b) => b - a));
    const rename = events[3]!;
    expect(rename.userName).toBe('Michael Chen');
    expect(rename.valuesHidden).toBe(false);
    expect(rename.fields).toContainEqual({
      field: 'name',
      oldValue: 'Test Research Hospital',
      newValue: 'Test University Hospital',
    });
    expect(events[0]!.fields).toEqual([{ field: 'status', oldValue: 'pending', newValue: 'active' }]);
    expect(await as.admin!.sites.recentActivity({ siteId: site.id, limit: 2 })).toHaveLength(2);
    await rejects(as.admin!.sites.recentActivity({ siteId: site.id, limit: 21 }), 'BAD_REQUEST');
  });

  it('names the fields only for roles without audit.read, System for the demo load, and hides invisible sites', async () => {
    const mine = await memberStudies('investigator');
    const ss = await db()
      .selectFrom('studySites')
      .select('siteId')
      .where('studyId', '=', mine[0]!)
      .executeTakeFirstOrThrow();
    const events = await as.investigator!.sites.recentActivity({ siteId: ss.siteId, limit: 5 });
    expect(events.length).toBeGreaterThan(0);
    const load = events.find((e) => e.reason === 'Demo data load')!;
    expect(load.userName).toBe('System');
    expect(load.valuesHidden).toBe(true);
    for (const f of load.fields) expect(Object.keys(f)).toEqual(['field']);
    const hidden = await db()
      .selectFrom('sites')
      .select('id')
      .where('siteNumber', '=', 'SITE-T103')
      .executeTakeFirstOrThrow();
    await rejects(as.investigator!.sites.recentActivity({ siteId: hidden.id, limit: 5 }), 'NOT_FOUND');
  });
});

describe('GET /api/sites', () => {
  it('answers 401 without a session', async () => {
    const res = await new TestClient(server.url).request('/api/sites');
    expect(res.status).toBe(401);
  });

  it("returns the plain array with the spec's field names and the total in X-Total-Count", async () => {
    const client = new TestClient(server.url);
    expect((await client.login(demoEmail('admin'))).status).toBe(200);
    const res = await client.request('/api/sites?limit=2&offset=1');
    expect(res.status).toBe(200);
    const body = (await res.json()) as any[];
    const total = (
      await db()
        .selectFrom('sites')
        .select(sql<number>`count(*)::int`.as('n'))
        .executeTakeFirstOrThrow()
    ).n;
    expect(res.headers.get('x-total-count')).toBe(String(total));
    expect(body).toHaveLength(2);
    expect(Object.keys(body[0]).sort()).toEqual(
      [
        'id',
        'siteNumber',
        'siteName',
        'principalInvestigator',
        'address',
        'status',
        'enrollmentTarget',
        'currentEnrollment',
        'studyCount',
        'lastActivity',
        'createdAt',
        'studyId',
      ].sort(),
    );
    const [studyId] = await studyIds();
    const byStudy = (await (
      await client.request(`/api/sites?studyId=${studyId}&limit=1000`)
    ).json()) as any[];
    const expected = await db()
      .selectFrom('studySites')
      .select('siteId')
      .where('studyId', '=', studyId!)
      .execute();
    expect(byStudy.map((s) => s.id).sort()).toEqual(expected.map((r) => r.siteId).sort());
    const one = (await (await client.request(`/api/sites?siteId=${expected[0]!.siteId}`)).json()) as any[];
    expect(one.map((s) => s.id)).toEqual([expected[0]!.siteId]);
  });

  it('answers 400 with field errors for bad parameters and 404 for an unknown study', async () => {
    const client = new TestClient(server.url);
    await client.login(demoEmail('investigator'));
    const bad = await client.request('/api/sites?limit=abc&studyId=x');
    expect(bad.status).toBe(400);
    const body = (await bad.json()) as { fieldErrors: Record<string, string[]> };
    expect(Object.keys(body.fieldErrors).sort()).toEqual(['limit', 'studyId']);
    const mine = await memberStudies('investigator');
    const other = (await studyIds()).find((id) => !mine.includes(id))!;
    expect((await client.request(`/api/sites?studyId=${other}`)).status).toBe(404);
  });
});

describe('sites.list status within a study', () => {
  it("filters on the site's status in that study, not its own status (Add Patient's site choice)", async () => {
    // An active site newly assigned to a study: active on its own, pending in that study.
    const [studyId] = await studyIds();
    const inStudy = (await db().selectFrom('studySites').select('siteId').where('studyId', '=', studyId!).execute()).map(
      (r) => r.siteId,
    );
    const site = await db()
      .selectFrom('sites')
      .select('id')
      .where('status', '=', 'active')
      .where('id', 'not in', inStudy)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await as.admin!.sites.assignToStudy({ studyId: studyId!, siteId: site.id, enrollmentTarget: 5, reason: 'Added for the status filter test' });

    const active = await as.admin!.sites.list({ studyId: studyId!, status: 'active', limit: 100 });
    const expectedActive = await db()
      .selectFrom('studySites')
      .select('siteId')
      .where('studyId', '=', studyId!)
      .where('status', '=', 'active')
      .execute();
    expect(active.items.map((s) => s.id).sort()).toEqual(expectedActive.map((r) => r.siteId).sort());
    expect(active.items.map((s) => s.id)).not.toContain(site.id);
    const pending = await as.admin!.sites.list({ studyId: studyId!, status: 'pending', limit: 100 });
    expect(pending.items.map((s) => s.id)).toContain(site.id);
    // Without a study the site's own status still applies.
    const ownActive = await as.admin!.sites.list({ status: 'active', siteId: site.id, limit: 10 });
    expect(ownActive.items.map((s) => s.id)).toEqual([site.id]);
  });
});
