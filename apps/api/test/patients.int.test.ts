import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, withActor, type Db } from '@ctp/db';
import { PATIENT_STATUSES, type PatientStatus, type PatientSummary } from '@ctp/contracts';
import { createTestDatabase, TEST_TODAY, type TestDatabase } from './support/db.ts';
import { loadScope } from '../src/access.ts';
import { toSessionUser } from '../src/modules/auth/session.ts';
import { HIDDEN_TERM_MIN_LENGTH, patientFilter } from '../src/modules/patients/filters.ts';
import { matchingIds } from '../src/modules/patients/plan.ts';
import { demoEmail, startServer, TestClient, type TestServer } from './support/app.ts';
import { callersForEveryRole, rejects, parseCsv, type Caller } from './support/procedures.ts';

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
const scopeOf = async (role: string) =>
  loadScope(
    db(),
    toSessionUser(
      await db()
        .selectFrom('users')
        .select(['id', 'email', 'fullName', 'role'])
        .where('email', '=', demoEmail(role))
        .executeTakeFirstOrThrow(),
    ),
  );
const daysAgo = (n: number) =>
  new Date(Date.parse(`${TEST_TODAY}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
const plusDays = (date: string, n: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

async function membership(role: string) {
  const user = await db()
    .selectFrom('users')
    .select('id')
    .where('email', '=', demoEmail(role))
    .executeTakeFirstOrThrow();
  return db()
    .selectFrom('studyMemberships')
    .select(['studyId', 'siteId'])
    .where('userId', '=', user.id)
    .orderBy('studyId')
    .execute();
}
/** The first study of the site staff, its own site and another active site of the same study. */
async function staffStudy() {
  const [m] = await membership('coordinator');
  const other = await db()
    .selectFrom('studySites')
    .select('siteId')
    .where('studyId', '=', m!.studyId)
    .where('siteId', '<>', m!.siteId!)
    .where('status', '=', 'active')
    .executeTakeFirstOrThrow();
  return { studyId: m!.studyId, ownSite: m!.siteId!, otherSite: other.siteId };
}
const allPatients = async (caller: Caller, input: Record<string, unknown> = {}) => {
  const items: PatientSummary[] = [];
  for (let offset = 0; ; offset += 100) {
    const page = await caller.patients.list({ ...input, limit: 100, offset });
    items.push(...page.items);
    if (items.length >= page.total) return { items, total: page.total };
  }
};

describe('patients.list', () => {
  it('lists every subject for the admin, newest first, with totals across pages', async () => {
    const ids = (await db().selectFrom('patients').select('id').orderBy('id', 'desc').execute()).map(
      (r) => r.id,
    );
    const first = await as.admin!.patients.list({ limit: 10 });
    expect(first).toMatchObject({ total: ids.length, limit: 10, offset: 0 });
    expect(first.items.map((p) => p.id)).toEqual(ids.slice(0, 10));
    const second = await as.admin!.patients.list({ limit: 10, offset: 10 });
    expect(second.items.map((p) => p.id)).toEqual(ids.slice(10, 20));
    const past = await as.admin!.patients.list({ limit: 10, offset: ids.length });
    expect(past).toMatchObject({ items: [], total: ids.length });
  });

  it("computes demographics, visit progress, last and next visit from the subject's rows", async () => {
    const page = await as.admin!.patients.list({ status: 'enrolled', limit: 5 });
    expect(page.items.length).toBeGreaterThan(0);
    for (const item of page.items) {
      const p = await db()
        .selectFrom('patients')
        .selectAll()
        .where('id', '=', item.id)
        .executeTakeFirstOrThrow();
      const study = await db()
        .selectFrom('studies')
        .select(['code', 'title'])
        .where('id', '=', p.studyId)
        .executeTakeFirstOrThrow();
      const site = await db()
        .selectFrom('sites')
        .select('name')
        .where('id', '=', p.siteId)
        .executeTakeFirstOrThrow();
      const visits = await db()
        .selectFrom('subjectVisits')
        .selectAll()
        .where('patientId', '=', p.id)
        .execute();
      const done = visits.filter((v) => v.status === 'completed');
      const adverseEvents = await db()
        .selectFrom('formSubmissions')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('adverseEvents'), eb.lit(0)).as('n'))
        .where('patientId', '=', p.id)
        .where('status', '<>', 'draft')
        .executeTakeFirstOrThrow();
      const upcoming = visits
        .filter((v) => ['scheduled', 'pending'].includes(v.status) && v.scheduledDate >= TEST_TODAY)
        .map((v) => v.scheduledDate)
        .sort();
      expect(item).toEqual({
        id: p.id,
        patientId: p.subjectCode,
        studyId: p.studyId,
        studyCode: study.code,
        studyTitle: study.title,
        siteId: p.siteId,
        siteName: site.name,
        status: 'enrolled',
        demographics: {
          age: new Date().getUTCFullYear() - p.yearOfBirth!,
          gender: { F: 'Female', M: 'Male', U: 'Unknown' }[p.sex!],
          ethnicity: p.ethnicity,
        },
        visitProgress: { completed: done.length, total: visits.length },
        lastVisit:
          done
            .map((v) => v.actualDate!)
            .sort()
            .at(-1) ?? null,
        nextVisit: upcoming[0] ?? null,
        adverseEvents: Number(adverseEvents.n),
        enrollmentDate: p.enrollmentDate,
        screeningDate: p.screeningDate,
        version: p.version,
      });
    }
  });

  it('filters by study, site and status combined with AND, and answers NOT_FOUND for a study outside the scope', async () => {
    const { studyId, ownSite } = await staffStudy();
    for (const status of PATIENT_STATUSES) {
      const expected = await db()
        .selectFrom('patients')
        .select('id')
        .where('studyId', '=', studyId)
        .where('siteId', '=', ownSite)
        .where('status', '=', status)
        .execute();
      const got = await allPatients(as.admin!, { studyId, siteId: ownSite, status });
      expect(got.total).toBe(expected.length);
      expect(
        got.items.every((p) => p.studyId === studyId && p.siteId === ownSite && p.status === status),
      ).toBe(true);
    }
    const byStudy = await db().selectFrom('patients').select('id').where('studyId', '=', studyId).execute();
    expect((await as.monitor!.patients.list({ studyId })).total).toBe(byStudy.length);
    const others = (await db().selectFrom('studies').select('id').execute()).map((r) => r.id);
    const mine = (await membership('investigator')).map((m) => m.studyId);
    const hidden = others.find((id) => !mine.includes(id))!;
    await rejects(as.investigator!.patients.list({ studyId: hidden }), 'NOT_FOUND', 'Study not found');
    await rejects(as.investigator!.patients.summary({ studyId: hidden }), 'NOT_FOUND');
  });

  it('searches subject code, study code and site name case-insensitively, and finds nothing for a term that matches nothing', async () => {
    const p = await db()
      .selectFrom('patients as p')
      .innerJoin('studies as s', 's.id', 'p.studyId')
      .innerJoin('sites as si', 'si.id', 'p.siteId')
      .select(['p.id', 'p.subjectCode', 's.code', 'si.name'])
      .orderBy('p.id')
      .executeTakeFirstOrThrow();
    const byCode = await as.admin!.patients.list({ search: p.subjectCode.toLowerCase() });
    expect(byCode.items.map((r) => r.id)).toContain(p.id);
    expect(byCode.items.every((r) => r.patientId.toLowerCase().includes(p.subjectCode.toLowerCase()))).toBe(
      true,
    );

    const studyCount = await db()
      .selectFrom('patients as p')
      .innerJoin('studies as s', 's.id', 'p.studyId')
      .select('p.id')
      .where('s.code', '=', p.code)
      .execute();
    const byStudy = await as.admin!.patients.list({ search: p.code.toLowerCase() });
    expect(byStudy.total).toBe(studyCount.length);
    // Past the last page the total is still given.
    expect(await as.admin!.patients.list({ search: p.code.toLowerCase(), offset: 5000 })).toMatchObject({
      items: [],
      total: studyCount.length,
    });

    const bySite = await allPatients(as.admin!, { search: p.name.toUpperCase() });
    const siteCount = await db()
      .selectFrom('patients as p')
      .innerJoin('sites as si', 'si.id', 'p.siteId')
      .select('p.id')
      .where(sql<boolean>`si.name ilike ${`%${p.name}%`}`)
      .execute();
    expect(bySite.total).toBe(siteCount.length);
    expect(bySite.items.every((r) => r.siteName.toLowerCase().includes(p.name.toLowerCase()))).toBe(true);

    // Combined with the status filter (AND).
    const screening = await allPatients(as.admin!, { search: p.code, status: 'screening' });
    expect(screening.items.every((r) => r.status === 'screening' && r.studyCode === p.code)).toBe(true);

    expect(await as.admin!.patients.list({ search: 'nothing-matches-this' })).toMatchObject({
      items: [],
      total: 0,
    });
    // LIKE wildcards are literal characters in a search.
    expect((await as.admin!.patients.list({ search: '%' })).total).toBe(0);
    expect((await as.admin!.patients.list({ search: '_' })).total).toBe(0);
  });

  it("shows site staff only their own sites' subjects and sponsors only their studies", async () => {
    const staff = await membership('investigator');
    const got = await allPatients(as.investigator!);
    const expected = await db()
      .selectFrom('patients')
      .select('id')
      .where((eb) =>
        eb.or(staff.map((m) => eb.and([eb('studyId', '=', m.studyId), eb('siteId', '=', m.siteId!)]))),
      )
      .execute();
    expect(got.total).toBe(expected.length);
    expect(got.total).toBeGreaterThan(0);
    expect(got.items.every((p) => staff.some((m) => m.studyId === p.studyId && m.siteId === p.siteId))).toBe(
      true,
    );
    // A study filter or another site of their study still shows only their own site.
    const { studyId, otherSite } = await staffStudy();
    expect((await as.investigator!.patients.list({ studyId, siteId: otherSite })).total).toBe(0);
    const ownStudy = staff[0]!.studyId;
    const ownSites = staff.filter((m) => m.studyId === ownStudy).map((m) => m.siteId!);
    const inOwnStudy = await allPatients(as.investigator!, { studyId: ownStudy });
    const inOwnStudyExpected = await db()
      .selectFrom('patients')
      .select('id')
      .where('studyId', '=', ownStudy)
      .where('siteId', 'in', ownSites)
      .execute();
    expect(inOwnStudy.total).toBe(inOwnStudyExpected.length);
    expect(inOwnStudy.items.every((p) => ownSites.includes(p.siteId))).toBe(true);

    const sponsorStudies = (await membership('sponsor')).map((m) => m.studyId);
    const sponsor = await allPatients(as.sponsor!);
    const sponsorExpected = await db()
      .selectFrom('patients')
      .select('id')
      .where('studyId', 'in', sponsorStudies)
      .execute();
    expect(sponsor.total).toBe(sponsorExpected.length);
    expect(sponsor.items.every((p) => sponsorStudies.includes(p.studyId))).toBe(true);
  });

  it('refuses bad input', async () => {
    await rejects(as.admin!.patients.list({ limit: 101 }), 'BAD_REQUEST');
    await rejects(as.admin!.patients.list({ status: 'dead' as never }), 'BAD_REQUEST');
    await rejects(as.admin!.patients.list({ studyId: -1 }), 'BAD_REQUEST');
  });
});

describe('patient filter plans (plan.ts)', () => {
  // At demo scale every filter has few matches; the index-walk branch is forced with sparseMatches 0.
  it('gives the same totals and pages whether the matches are sorted or walked, for every filter shape', async () => {
    const [study] = await db().selectFrom('studies').select(['id', 'code']).orderBy('id').execute();
    const site = await db()
      .selectFrom('sites')
      .select(['id', 'name'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const inputs = [
      {},
      { status: 'enrolled' as const },
      { studyId: study!.id },
      { siteId: site.id, status: 'screening' as const },
      { search: study!.code.slice(0, 3) },
      { search: site.name.split(' ')[0]!, status: 'withdrawn' as const },
      { search: 'zzz-nothing' },
    ];
    const scopes = await Promise.all(
      ['admin', 'data-manager', 'coordinator', 'sponsor'].map(async (r) => [r, await scopeOf(r)] as const),
    );
    for (const [role, scope] of scopes) {
      for (const input of inputs) {
        const filter = patientFilter(scope, input);
        const all = await matchingIds(db(), filter, { limit: 100_000, offset: 0 });
        for (const page of [
          { limit: 7, offset: 0 },
          { limit: 7, offset: 7 },
          // A page deep in the matches: walked, it is read past a whole scope's worth of other subjects.
          { limit: 7, offset: Math.floor(all.total / 2) },
          { limit: 7, offset: all.total },
        ]) {
          const expected = { total: all.total, ids: all.ids.slice(page.offset, page.offset + page.limit) };
          expect(await matchingIds(db(), filter, page, 0), `${role} ${JSON.stringify(input)} walked`).toEqual(
            expected,
          );
          expect(
            await matchingIds(db(), filter, page, 1e9),
            `${role} ${JSON.stringify(input)} sorted`,
          ).toEqual(expected);
        }
        // And the list itself agrees: newest first, the same total.
        if (role === 'admin') {
          const listed = await as.admin!.patients.list({ ...input, limit: 100 });
          expect(listed.total).toBe(all.total);
          expect(listed.items.map((p) => p.id)).toEqual(all.ids.slice(0, 100));
        }
      }
    }
  });

  it('matches an independent count of every filter (scope AND study AND site AND status AND search)', async () => {
    const siteName = (await db().selectFrom('sites').select('name').orderBy('id').executeTakeFirstOrThrow()).name;
    const subjectCode = (await db().selectFrom('patients').select('subjectCode').orderBy('id').executeTakeFirstOrThrow()).subjectCode;
    // Terms of HIDDEN_TERM_MIN_LENGTH characters or more run with their values hidden from the planner
    // (one reusable plan); shorter ones are planned per call: both must find the same subjects.
    const terms = [siteName.slice(0, 4), siteName.slice(1, 3), subjectCode.slice(-6).toLowerCase(), 'zzz-nothing'];
    expect(terms.map((t) => t.length >= HIDDEN_TERM_MIN_LENGTH)).toEqual([true, false, true, true]);
    for (const role of ['data-manager', 'sponsor', 'admin']) {
      const scope = await scopeOf(role);
      for (const term of terms) {
        const { rows } = await sql<{ id: number }>`
          select p.id from patients p join studies s on s.id = p.study_id join sites si on si.id = p.site_id
          where (${scope.all} or p.study_id = any(${scope.studyIds}::int[]))
            and (p.subject_code ilike ${`%${term}%`} or s.code ilike ${`%${term}%`} or si.name ilike ${`%${term}%`})
          order by p.id desc`.execute(db());
        const found = await matchingIds(db(), patientFilter(scope, { search: term }), { limit: 100_000, offset: 0 });
        expect(found, `${role} '${term}'`).toEqual({ total: rows.length, ids: rows.map((r) => r.id) });
        if (term !== 'zzz-nothing') expect(rows.length, term).toBeGreaterThan(0);
      }
    }
  });
});

describe('patients.summary', () => {
  it("counts subjects by status with the list's filters", async () => {
    const count = async (where: { studyId?: number; status?: PatientStatus }) => {
      let q = db().selectFrom('patients').select(['status']);
      if (where.studyId) q = q.where('studyId', '=', where.studyId);
      const rows = await q.execute();
      return {
        total: rows.length,
        screening: rows.filter((r) => r.status === 'screening').length,
        enrolled: rows.filter((r) => r.status === 'enrolled').length,
        completed: rows.filter((r) => r.status === 'completed').length,
        withdrawn: rows.filter((r) => r.status === 'withdrawn').length,
      };
    };
    expect(await as.admin!.patients.summary()).toEqual(await count({}));
    const { studyId } = await staffStudy();
    expect(await as.admin!.patients.summary({ studyId })).toEqual(await count({ studyId }));
    const staff = await as.investigator!.patients.summary({});
    expect(staff.total).toBe((await as.investigator!.patients.list({})).total);
    const filtered = await as.admin!.patients.summary({ status: 'enrolled', search: 'no-such-term' });
    expect(filtered).toEqual({ total: 0, screening: 0, enrolled: 0, completed: 0, withdrawn: 0 });
  });
});

describe('patients.enroll', () => {
  const subject = {
    screeningDate: daysAgo(3),
    yearOfBirth: 1980,
    sex: 'F' as const,
    ethnicity: 'Not Hispanic or Latino',
  };

  it('enrols at an active site with consecutive codes in the demo format and schedules the selection visit', async () => {
    const { studyId, ownSite } = await staffStudy();
    const study = await db()
      .selectFrom('studies')
      .select('code')
      .where('id', '=', studyId)
      .executeTakeFirstOrThrow();
    const assignments = await db()
      .selectFrom('studySites')
      .select(['id', 'siteId'])
      .where('studyId', '=', studyId)
      .orderBy('id')
      .execute();
    const pos = String(assignments.findIndex((a) => a.siteId === ownSite) + 1).padStart(2, '0');
    const existing = await db()
      .selectFrom('patients')
      .select('subjectCode')
      .where('studyId', '=', studyId)
      .where('siteId', '=', ownSite)
      .execute();
    const prefix = `${study.code.split('-')[0]}-${pos}-`;
    expect(existing.every((p) => p.subjectCode.startsWith(prefix))).toBe(true);
    const last = Math.max(0, ...existing.map((p) => Number(p.subjectCode.slice(prefix.length))));

    const a = await as.coordinator!.patients.enroll({ studyId, siteId: ownSite, ...subject });
    const b = await as.coordinator!.patients.enroll({ studyId, siteId: ownSite, ...subject, sex: 'M' });
    expect(a).toMatchObject({
      patientId: `${prefix}${String(last + 1).padStart(4, '0')}`,
      status: 'screening',
      version: 1,
      studyId,
      siteId: ownSite,
    });
    expect(b.patientId).toBe(`${prefix}${String(last + 2).padStart(4, '0')}`);
    expect(a.patientId).toMatch(/^[A-Z]+-\d{2}-\d{4}$/);

    const visits = await db()
      .selectFrom('subjectVisits as sv')
      .innerJoin('visitDefinitions as vd', 'vd.id', 'sv.visitDefinitionId')
      .select(['vd.code', 'sv.scheduledDate', 'sv.status'])
      .where('sv.patientId', '=', a.id)
      .execute();
    expect(visits).toEqual([{ code: 'SEL', scheduledDate: subject.screeningDate, status: 'pending' }]);
    const listed = (await as.coordinator!.patients.list({ search: a.patientId })).items[0]!;
    expect(listed).toMatchObject({
      patientId: a.patientId,
      status: 'screening',
      visitProgress: { completed: 0, total: 1 },
      demographics: { gender: 'Female' },
    });
  });

  it('gives simultaneous enrolments at one site distinct consecutive codes', async () => {
    const { studyId, otherSite } = await staffStudy();
    const results = await Promise.all(
      [1, 2, 3].map(() => as['study-manager']!.patients.enroll({ studyId, siteId: otherSite, ...subject })),
    );
    const seqs = results.map((r) => Number(r.patientId.split('-')[2])).sort((x, y) => x - y);
    expect(new Set(seqs).size).toBe(3);
    expect(seqs[2]! - seqs[0]!).toBe(2);
  });

  it('refuses a site not activated for the study, then enrols once it is activated', async () => {
    const [studyId] = (
      await db().selectFrom('studies').select('id').where('status', '=', 'active').orderBy('id').execute()
    ).map((r) => r.id);
    const site = await as.admin!.sites.create({
      siteNumber: 'SITE-P900',
      siteName: 'Enrolment Test Clinic',
      country: 'Norway',
    });
    await rejects(
      as.admin!.patients.enroll({ studyId: studyId!, siteId: site.id, ...subject }),
      'PRECONDITION_FAILED',
      'Subjects can be enrolled only at a site activated for this study',
    );
    const assignment = await as.admin!.sites.assignToStudy({
      studyId: studyId!,
      siteId: site.id,
      enrollmentTarget: 10,
      reason: 'Added',
    });
    await rejects(
      as.admin!.patients.enroll({ studyId: studyId!, siteId: site.id, ...subject }),
      'PRECONDITION_FAILED',
      'activated for this study',
    );
    await as.admin!.sites.activate({
      studyId: studyId!,
      siteId: site.id,
      version: assignment.version,
      reason: 'Initiated',
    });
    const rank = (
      await db()
        .selectFrom('studySites')
        .select('id')
        .where('studyId', '=', studyId!)
        .where('id', '<=', assignment.id)
        .execute()
    ).length;
    const code = (
      await db().selectFrom('studies').select('code').where('id', '=', studyId!).executeTakeFirstOrThrow()
    ).code;
    const p = await as.admin!.patients.enroll({ studyId: studyId!, siteId: site.id, ...subject });
    expect(p.patientId).toBe(`${code.split('-')[0]}-${String(rank).padStart(2, '0')}-0001`);
  });

  it('refuses a study that is not recruiting', async () => {
    const completed = await db()
      .selectFrom('studies as s')
      .innerJoin('studySites as ss', 'ss.studyId', 's.id')
      .select(['s.id', 'ss.siteId'])
      .where('s.status', '=', 'completed')
      .where('ss.status', '=', 'active')
      .executeTakeFirstOrThrow();
    await rejects(
      as.admin!.patients.enroll({ studyId: completed.id, siteId: completed.siteId, ...subject }),
      'PRECONDITION_FAILED',
      'active or enrolling',
    );
  });

  it('checks role and scope: sponsor FORBIDDEN, staff at another site FORBIDDEN, a foreign study NOT_FOUND', async () => {
    const { studyId, otherSite, ownSite } = await staffStudy();
    await rejects(as.sponsor!.patients.enroll({ studyId, siteId: ownSite, ...subject }), 'FORBIDDEN');
    await rejects(as.monitor!.patients.enroll({ studyId, siteId: ownSite, ...subject }), 'FORBIDDEN');
    await rejects(
      as.coordinator!.patients.enroll({ studyId, siteId: otherSite, ...subject }),
      'FORBIDDEN',
      'your own site',
    );
    await rejects(as.investigator!.patients.enroll({ studyId, siteId: otherSite, ...subject }), 'FORBIDDEN');
    const mine = (await membership('coordinator')).map((m) => m.studyId);
    const foreign = (await db().selectFrom('studies').select('id').execute())
      .map((r) => r.id)
      .find((id) => !mine.includes(id))!;
    await rejects(
      as.coordinator!.patients.enroll({ studyId: foreign, siteId: ownSite, ...subject }),
      'NOT_FOUND',
    );
  });

  it('refuses bad input: future screening date, impossible year of birth, unknown sex, short reason', async () => {
    const { studyId, ownSite } = await staffStudy();
    await rejects(
      as.admin!.patients.enroll({
        studyId,
        siteId: ownSite,
        ...subject,
        screeningDate: plusDays(TEST_TODAY, 2),
      }),
      'BAD_REQUEST',
      'future',
    );
    await rejects(
      as.admin!.patients.enroll({ studyId, siteId: ownSite, ...subject, screeningDate: '2024-13-45x' }),
      'BAD_REQUEST',
    );
    await rejects(
      as.admin!.patients.enroll({ studyId, siteId: ownSite, ...subject, yearOfBirth: 1800 }),
      'BAD_REQUEST',
    );
    await rejects(
      as.admin!.patients.enroll({ studyId, siteId: ownSite, ...subject, sex: 'X' as never }),
      'BAD_REQUEST',
    );
    await rejects(
      as.admin!.patients.enroll({ studyId, siteId: ownSite, ...subject, reason: 'x' }),
      'BAD_REQUEST',
    );
  });
});

describe('patients.updateStatus', () => {
  const newSubject = async () => {
    const { studyId, ownSite } = await staffStudy();
    return as.investigator!.patients.enroll({
      studyId,
      siteId: ownSite,
      screeningDate: daysAgo(20),
      yearOfBirth: 1975,
      sex: 'M',
    });
  };

  it('enrols a screened subject: sets the enrollment date and schedules the remaining visits from it', async () => {
    const p = await newSubject();
    const enrolledOn = daysAgo(10);
    const r = await as.investigator!.patients.updateStatus({
      id: p.id,
      version: p.version,
      status: 'enrolled',
      effectiveDate: enrolledOn,
      reason: 'Eligibility confirmed',
    });
    expect(r).toMatchObject({ status: 'enrolled', enrollmentDate: enrolledOn, version: 2 });
    const defs = await db()
      .selectFrom('visitDefinitions')
      .select(['code', 'dayOffset', 'windowBefore', 'windowDays'])
      .where('studyId', '=', p.studyId)
      .execute();
    const visits = await db()
      .selectFrom('subjectVisits as sv')
      .innerJoin('visitDefinitions as vd', 'vd.id', 'sv.visitDefinitionId')
      .select(['vd.code', 'sv.scheduledDate', 'sv.status'])
      .where('sv.patientId', '=', p.id)
      .execute();
    expect(visits).toHaveLength(defs.length);
    for (const d of defs.filter((x) => x.code !== 'SEL')) {
      const v = visits.find((x) => x.code === d.code)!;
      const date = plusDays(enrolledOn, d.dayOffset);
      expect(v).toEqual({
        code: d.code,
        scheduledDate: date,
        // The visit-status rule for a visit with nothing entered yet.
        status: plusDays(date, d.windowDays) < TEST_TODAY ? 'missed' : plusDays(date, -d.windowBefore) <= TEST_TODAY ? 'pending' : 'scheduled',
      });
    }
    const listed = (await as.investigator!.patients.list({ search: p.patientId })).items[0]!;
    const upcoming = visits
      .filter((v) => v.scheduledDate >= TEST_TODAY)
      .map((v) => v.scheduledDate)
      .sort();
    expect(listed).toMatchObject({
      status: 'enrolled',
      enrollmentDate: enrolledOn,
      nextVisit: upcoming[0],
      visitProgress: { completed: 0, total: defs.length },
    });

    const done = await as.investigator!.patients.updateStatus({
      id: p.id,
      version: 2,
      status: 'completed',
      effectiveDate: TEST_TODAY,
      reason: 'Study end',
    });
    expect(done).toMatchObject({ status: 'completed', completionDate: TEST_TODAY, version: 3 });
    expect((await as.investigator!.patients.list({ search: p.patientId })).items[0]!.nextVisit).toBeNull();
  });

  it('allows screening -> withdrawn and enrolled -> withdrawn', async () => {
    const a = await newSubject();
    expect(
      await as.coordinator!.patients.updateStatus({
        id: a.id,
        version: 1,
        status: 'withdrawn',
        effectiveDate: daysAgo(5),
        reason: 'Screen failure',
      }),
    ).toMatchObject({
      status: 'withdrawn',
      withdrawalDate: daysAgo(5),
      enrollmentDate: null,
    });
    const b = await newSubject();
    await as.coordinator!.patients.updateStatus({
      id: b.id,
      version: 1,
      status: 'enrolled',
      effectiveDate: daysAgo(15),
      reason: 'Eligible',
    });
    expect(
      await as.coordinator!.patients.updateStatus({
        id: b.id,
        version: 2,
        status: 'withdrawn',
        effectiveDate: daysAgo(1),
        reason: 'Consent withdrawn',
      }),
    ).toMatchObject({
      status: 'withdrawn',
      withdrawalDate: daysAgo(1),
    });
  });

  it('refuses transitions outside the allowed ones with a clear message', async () => {
    const p = await newSubject();
    const move = (version: number, status: PatientStatus) =>
      as.admin!.patients.updateStatus({
        id: p.id,
        version,
        status,
        effectiveDate: TEST_TODAY,
        reason: 'Attempt',
      });
    await rejects(
      move(1, 'completed'),
      'PRECONDITION_FAILED',
      'A subject cannot move from screening to completed',
    );
    await rejects(
      move(1, 'screening'),
      'PRECONDITION_FAILED',
      'A subject cannot move from screening to screening',
    );
    await move(1, 'enrolled');
    await rejects(
      move(2, 'screening'),
      'PRECONDITION_FAILED',
      'A subject cannot move from enrolled to screening',
    );
    await move(2, 'completed');
    await rejects(
      move(3, 'enrolled'),
      'PRECONDITION_FAILED',
      'A subject cannot move from completed to enrolled',
    );
    await rejects(
      move(3, 'withdrawn'),
      'PRECONDITION_FAILED',
      'A subject cannot move from completed to withdrawn',
    );
    const w = await newSubject();
    await as.admin!.patients.updateStatus({
      id: w.id,
      version: 1,
      status: 'withdrawn',
      effectiveDate: TEST_TODAY,
      reason: 'Left',
    });
    await rejects(
      as.admin!.patients.updateStatus({
        id: w.id,
        version: 2,
        status: 'enrolled',
        effectiveDate: TEST_TODAY,
        reason: 'Back',
      }),
      'PRECONDITION_FAILED',
      'from withdrawn to enrolled',
    );
  });

  it('gives the second change from the same version a CONFLICT and keeps the first', async () => {
    const p = await newSubject();
    await as.admin!.patients.updateStatus({
      id: p.id,
      version: 1,
      status: 'enrolled',
      effectiveDate: daysAgo(2),
      reason: 'First',
    });
    await rejects(
      as['study-manager']!.patients.updateStatus({
        id: p.id,
        version: 1,
        status: 'withdrawn',
        effectiveDate: daysAgo(2),
        reason: 'Second',
      }),
      'CONFLICT',
      'changed by someone else',
    );
    const row = await db()
      .selectFrom('patients')
      .select(['status', 'enrollmentDate', 'withdrawalDate', 'version'])
      .where('id', '=', p.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'enrolled', enrollmentDate: daysAgo(2), withdrawalDate: null, version: 2 });
  });

  it("refuses dates before screening or in the future, other sites' subjects and read-only roles", async () => {
    const p = await newSubject();
    await rejects(
      as.admin!.patients.updateStatus({
        id: p.id,
        version: 1,
        status: 'enrolled',
        effectiveDate: daysAgo(30),
        reason: 'Early',
      }),
      'BAD_REQUEST',
      'before the screening date',
    );
    await rejects(
      as.admin!.patients.updateStatus({
        id: p.id,
        version: 1,
        status: 'enrolled',
        effectiveDate: plusDays(TEST_TODAY, 1),
        reason: 'Later',
      }),
      'BAD_REQUEST',
      'future',
    );
    await rejects(
      as.sponsor!.patients.updateStatus({
        id: p.id,
        version: 1,
        status: 'enrolled',
        effectiveDate: TEST_TODAY,
        reason: 'Sponsor',
      }),
      'FORBIDDEN',
    );
    const { studyId, otherSite } = await staffStudy();
    const elsewhere = await db()
      .selectFrom('patients')
      .select(['id', 'version'])
      .where('studyId', '=', studyId)
      .where('siteId', '=', otherSite)
      .executeTakeFirstOrThrow();
    await rejects(
      as.coordinator!.patients.updateStatus({
        id: elsewhere.id,
        version: elsewhere.version,
        status: 'withdrawn',
        effectiveDate: TEST_TODAY,
        reason: 'Not mine',
      }),
      'NOT_FOUND',
    );
    await rejects(
      as.admin!.patients.updateStatus({
        id: 9_999_999,
        version: 1,
        status: 'enrolled',
        effectiveDate: TEST_TODAY,
        reason: 'Missing',
      }),
      'NOT_FOUND',
    );
  });
});

describe('patients.exportCsv', () => {
  it('exports exactly the filtered list, with the documented columns', async () => {
    const { studyId } = await staffStudy();
    const list = await allPatients(as.monitor!, { studyId, status: 'enrolled' });
    const file = await as.monitor!.patients.exportCsv({ studyId, status: 'enrolled' });
    expect(file).toMatchObject({
      filename: `patients-${TEST_TODAY}.csv`,
      contentType: 'text/csv',
      rows: list.total,
    });
    const [header, ...rows] = parseCsv(file.content);
    expect(header).toEqual([
      'Patient ID',
      'Study',
      'Study Title',
      'Site',
      'Status',
      'Age',
      'Gender',
      'Ethnicity',
      'Screening Date',
      'Enrollment Date',
      'Visits Completed',
      'Visits Total',
      'Last Visit',
      'Next Visit',
      'Adverse Events',
    ]);
    expect(rows).toEqual(
      list.items.map((p) => [
        p.patientId,
        p.studyCode,
        p.studyTitle,
        p.siteName,
        p.status,
        String(p.demographics.age ?? ''),
        p.demographics.gender ?? '',
        p.demographics.ethnicity ?? '',
        p.screeningDate,
        p.enrollmentDate ?? '',
        String(p.visitProgress.completed),
        String(p.visitProgress.total),
        p.lastVisit ?? '',
        p.nextVisit ?? '',
        String(p.adverseEvents),
      ]),
    );
    const all = await as.admin!.patients.exportCsv({});
    expect(all.rows).toBe((await as.admin!.patients.summary({})).total);
    expect(parseCsv(all.content)).toHaveLength(all.rows + 1);
    const none = await as.admin!.patients.exportCsv({ search: 'nothing-matches-this' });
    expect(none.rows).toBe(0);
    expect(parseCsv(none.content)).toHaveLength(1);
  });
});

describe('REST /api/patients', () => {
  it('answers 401 without a session', async () => {
    const client = new TestClient(server.url);
    expect((await client.request('/api/patients')).status).toBe(401);
    expect((await client.request('/api/patients/export.csv')).status).toBe(401);
  });

  it("returns the plain array with the spec's field names, the total header and the filters", async () => {
    const client = new TestClient(server.url);
    await client.login(demoEmail('data-manager'));
    const { studyId, ownSite } = await staffStudy();
    const res = await client.request(`/api/patients?studyId=${studyId}&siteId=${ownSite}&limit=5`);
    expect(res.status).toBe(200);
    const expected = await as['data-manager']!.patients.list({ studyId, siteId: ownSite, limit: 5 });
    expect(res.headers.get('x-total-count')).toBe(String(expected.total));
    const body = (await res.json()) as any[];
    expect(body).toEqual(JSON.parse(JSON.stringify(expected.items)));
    expect(Object.keys(body[0]).sort()).toEqual(
      [
        'id',
        'patientId',
        'studyId',
        'studyCode',
        'studyTitle',
        'siteId',
        'siteName',
        'status',
        'demographics',
        'visitProgress',
        'lastVisit',
        'nextVisit',
        'adverseEvents',
        'enrollmentDate',
        'screeningDate',
        'version',
      ].sort(),
    );
    expect(typeof body[0].studyId).toBe('number');
    const capped = (await (await client.request('/api/patients?limit=5000')).json()) as any[];
    expect(capped).toHaveLength(100);
  });

  it('answers 400 with field errors for bad parameters', async () => {
    const client = new TestClient(server.url);
    await client.login(demoEmail('monitor'));
    const res = await client.request('/api/patients?status=unknown&offset=-3');
    expect(res.status).toBe(400);
    const body = (await res.json()) as { fieldErrors: Record<string, string[]> };
    expect(Object.keys(body.fieldErrors).sort()).toEqual(['offset', 'status']);
  });

  it('downloads the CSV as an attachment', async () => {
    const client = new TestClient(server.url);
    await client.login(demoEmail('sponsor'));
    const res = await client.request('/api/patients/export.csv?status=completed');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(
      new RegExp(`^attachment; filename="?patients-${TEST_TODAY}\\.csv"?$`),
    );
    const rows = parseCsv(await res.text());
    const expected = await as.sponsor!.patients.summary({ status: 'completed' });
    expect(rows).toHaveLength(expected.total + 1);
    expect(rows.slice(1).every((r) => r[4] === 'completed')).toBe(true);
  });
});

describe('patient_counts and study_patient_counts', () => {
  const expectCountsToMatchSubjects = async (d: Db) => {
    const counted = await d
      .selectFrom('patients')
      .select(['studyId', 'siteId', 'status', sql<number>`count(*)::int`.as('n')])
      .groupBy(['studyId', 'siteId', 'status'])
      .execute();
    const kept = await d
      .selectFrom('patientCounts')
      .select(['studyId', 'siteId', 'status', 'n'])
      .where('n', '>', 0)
      .execute();
    const key = (r: { studyId: number; siteId: number; status: string }) =>
      `${r.studyId}/${r.siteId}/${r.status}`;
    expect(new Map(kept.map((r) => [key(r), r.n]))).toEqual(new Map(counted.map((r) => [key(r), r.n])));
    // study_patient_counts (migration 0009): the same subjects per study and status.
    const perStudy = await d
      .selectFrom('patients')
      .select(['studyId', 'status', sql<number>`count(*)::int`.as('n')])
      .groupBy(['studyId', 'status'])
      .execute();
    const keptPerStudy = await d
      .selectFrom('studyPatientCounts')
      .select(['studyId', 'status', 'n'])
      .where('n', '>', 0)
      .execute();
    const studyKey = (r: { studyId: number; status: string }) => `${r.studyId}/${r.status}`;
    expect(new Map(keptPerStudy.map((r) => [studyKey(r), r.n]))).toEqual(
      new Map(perStudy.map((r) => [studyKey(r), r.n])),
    );
    // last_change: per study and site with subjects, the latest updated_at of its subjects (a group a
    // subject left keeps its time, so groups are compared per study and site, not per status).
    const latest = await d
      .selectFrom('patients')
      .select(['studyId', 'siteId', sql<Date>`max(updated_at)`.as('at')])
      .groupBy(['studyId', 'siteId'])
      .execute();
    const keptLatest = await d
      .selectFrom('patientCounts')
      .select(['studyId', 'siteId', sql<Date>`max(last_change)`.as('at')])
      .groupBy(['studyId', 'siteId'])
      .having(sql<boolean>`sum(n) > 0`)
      .execute();
    const place = (r: { studyId: number; siteId: number }) => `${r.studyId}/${r.siteId}`;
    expect(new Map(keptLatest.map((r) => [place(r), r.at.toISOString()]))).toEqual(
      new Map(latest.map((r) => [place(r), r.at.toISOString()])),
    );
  };

  it('stay equal to the subjects counted per study, site and status after enrolments and status changes', () =>
    expectCountsToMatchSubjects(db()));

  it('follows one statement that moves many subjects and one that deletes them (rolled back)', async () => {
    const rollback = new Error('rollback');
    const moved = withActor(db(), { userId: null, reason: 'Counts check' }, async (tx) => {
      const site = await tx.selectFrom('patients').select('siteId').where('status', '=', 'screening').executeTakeFirstOrThrow();
      const changed = await tx
        .updateTable('patients')
        .set({ status: 'withdrawn', withdrawalDate: TEST_TODAY, updatedAt: sql<Date>`now()` })
        .where('siteId', '=', site.siteId)
        .where('status', '=', 'screening')
        .executeTakeFirst();
      expect(Number(changed.numUpdatedRows)).toBeGreaterThan(0);
      await expectCountsToMatchSubjects(tx);
      // An update that moves no subject between counts still moves their latest change.
      const other = await tx.selectFrom('patients').select('id').where('siteId', '<>', site.siteId).executeTakeFirstOrThrow();
      await tx.updateTable('patients').set({ updatedAt: sql<Date>`now()` }).where('id', '=', other.id).execute();
      await expectCountsToMatchSubjects(tx);
      await tx.deleteFrom('queryMessages').where('queryId', 'in', tx.selectFrom('queries').select('id').where('siteId', '=', site.siteId)).execute();
      await tx.deleteFrom('queries').where('siteId', '=', site.siteId).execute();
      await tx.deleteFrom('codingDecisions').where('siteId', '=', site.siteId).execute();
      await tx.deleteFrom('formSubmissions').where('siteId', '=', site.siteId).execute();
      await tx.deleteFrom('subjectVisits').where('patientId', 'in', tx.selectFrom('patients').select('id').where('siteId', '=', site.siteId)).execute();
      await tx.deleteFrom('protocolDeviations').where('siteId', '=', site.siteId).execute();
      await tx.deleteFrom('patients').where('siteId', '=', site.siteId).execute();
      await expectCountsToMatchSubjects(tx);
      throw rollback;
    });
    await expect(moved).rejects.toBe(rollback);
    await expectCountsToMatchSubjects(db());
  });
});
