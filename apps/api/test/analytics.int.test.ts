// analytics.* on the seeded demo database: the figures agree with independent SQL counts and with the
// computations they reuse, the forecast has the shape the screen draws, the risk ranking finds a site made
// an outlier, and every procedure keeps to the user's study (and site) scope.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, withActor } from '@ctp/db';
import { createTestDatabase, type TestDatabase } from './support/db.ts';
import { callerAs, demoEmail } from './support/app.ts';
import { rejects, type Caller } from './support/procedures.ts';
import { computeDataQualityScore } from '../src/modules/dashboard/quality.ts';
import { computeCompliance } from '../src/modules/dashboard/compliance.ts';
import { portfolioReports } from '../src/modules/trials/portfolio.ts';
import { seedFor } from '../src/modules/analytics/forecast.ts';

let t: TestDatabase;
let admin: Caller;
let sponsor: Caller;
beforeAll(async () => {
  t = await createTestDatabase({ seed: true });
  admin = await callerAs(t.database, demoEmail('admin'));
  sponsor = await callerAs(t.database, demoEmail('sponsor'));
});
afterAll(() => t.cleanup());

const studies = async (where = sql`true`) =>
  (
    await sql<{ id: number; code: string; status: string; target: number }>`
      select id, code, status, target_enrollment as target from studies where ${where} order by code`.execute(t.database.db)
  ).rows;

const enrolledIn = async (studyId: number) =>
  (
    await sql<{ n: number }>`select count(*)::int as n from patients where study_id = ${studyId} and enrollment_date is not null`.execute(
      t.database.db,
    )
  ).rows[0]!.n;

describe('analytics.overview', () => {
  it('opens on the first recruiting study and reuses the dashboard and CTMS computations for it', async () => {
    const { db } = t.database;
    const recruiting = await studies(sql`status in ('active', 'enrolling')`);
    const o = await admin.analytics.overview();
    expect(o.studyId).toBe(recruiting[0]!.id);
    expect(o.dataQuality).toBe(await computeDataQualityScore(db, [o.studyId!]));
    expect(o.reports).toEqual(await portfolioReports(db, [o.studyId!]));
    const compliance = await computeCompliance(db);
    const passed = compliance.checks.filter((c) => c.passed).length;
    expect(o.compliance).toMatchObject({ passed, total: compliance.checks.length, score: Math.round((1000 * passed) / compliance.checks.length) / 10 });
    expect(o.compliance.failed.map((c) => c.code)).toEqual(compliance.checks.filter((c) => !c.passed).map((c) => c.code));
    // Another study on request: its own figures.
    const other = recruiting[1]!;
    const o2 = await admin.analytics.overview({ studyId: other.id });
    expect(o2.studyId).toBe(other.id);
    expect(o2.dataQuality).toBe(await computeDataQualityScore(db, [other.id]));
  });
});

describe('analytics.forecast', () => {
  it('forecasts a recruiting study: counts from the database, ordered intervals, a chart joining actual and forecast at today', async () => {
    for (const study of await studies(sql`status in ('active', 'enrolling')`)) {
      const f = await admin.analytics.forecast({ studyId: study.id });
      const enrolled = await enrolledIn(study.id);
      expect(f.enrolled).toBe(enrolled);
      expect(f.remaining).toBe(Math.max(0, study.target - enrolled));
      if (f.remaining === 0) continue;
      expect(f.state).toBe('forecast');
      const c = f.completion!;
      const dates = [c.p025, c.p10, c.p50, c.p90, c.p975];
      expect(dates.every((d) => d === null || /^\d{4}-\d{2}-\d{2}$/.test(d))).toBe(true);
      expect(c.p50! > f.today).toBe(true);
      for (let i = 1; i < dates.length; i++) if (dates[i] !== null) expect(dates[i]! >= dates[i - 1]!).toBe(true);
      expect(f.monthsToCompletion!.p50).toBeGreaterThan(0);
      expect(f.probabilityByPlanEnd === null || (f.probabilityByPlanEnd >= 0 && f.probabilityByPlanEnd <= 1)).toBe(true);
      expect(f.model!.priorShape).toBeGreaterThan(0);
      // The chart: the actual line ends at today with today's count, where the forecast starts.
      const atToday = f.series.find((p) => p.date === f.today)!;
      expect(atToday.actual).toBe(enrolled);
      expect(atToday.median).toBe(enrolled);
      const ahead = f.series.filter((p) => p.date > f.today);
      expect(ahead.length).toBeGreaterThan(3);
      for (const p of ahead) {
        expect(p.actual).toBeNull();
        expect(p.band95![0] <= p.band80![0] && p.band80![0] <= p.median! && p.median! <= p.band80![1] && p.band80![1] <= p.band95![1]).toBe(true);
        expect(p.band95![1]).toBeLessThanOrEqual(study.target);
      }
      // Every site of the study, the recruiting ones with a rate.
      const { rows: sites } = await sql<{ siteId: number; status: string }>`select site_id, status from study_sites where study_id = ${study.id}`.execute(t.database.db);
      expect(f.sites.map((s) => s.siteId).sort()).toEqual(sites.map((s) => s.siteId).sort());
      for (const s of f.sites.filter((x) => x.status === 'active')) expect(s.ratePerMonth!.mean).toBeGreaterThan(0);
      const shares = f.sites.reduce((a, s) => a + (s.expectedAdditional ?? 0), 0);
      expect(Math.abs(shares - f.remaining)).toBeLessThan(f.remaining * 0.05 + 0.5);
      // Seeded: the same data give the same forecast.
      expect(await admin.analytics.forecast({ studyId: study.id })).toEqual(f);
    }
  });

  it('shows one forecast per study and day: the predictions list and the forecast agree, the seed is the study and UTC date', async () => {
    const predictions = await admin.analytics.predictions();
    const forecasts = predictions.items.filter((p) => p.state === 'forecast');
    expect(forecasts.length).toBeGreaterThan(0);
    expect(predictions.runs).toBe((await admin.analytics.forecast({ studyId: forecasts[0]!.studyId })).runs);
    for (const p of forecasts) {
      const f = await admin.analytics.forecast({ studyId: p.studyId });
      expect(p.completion).toEqual({ p025: f.completion!.p025, p10: f.completion!.p10, p50: f.completion!.p50, p90: f.completion!.p90, p975: f.completion!.p975 });
      expect(p.monthsToCompletion).toBe(f.monthsToCompletion!.p50);
      expect(p.probabilityByPlanEnd).toBe(f.probabilityByPlanEnd);
      expect(f.model!.seed).toBe(seedFor(p.studyId, new Date().toISOString().slice(0, 10)));
    }
    // Another user who sees the study gets the same figures.
    const own = (await sponsor.analytics.predictions()).items.find((p) => p.state === 'forecast');
    if (own) expect((await admin.analytics.predictions()).items.find((p) => p.studyId === own.studyId)).toEqual(own);
  });

  it('says why there is no forecast: a completed study reached its target, a planning one does not recruit', async () => {
    const [completed] = await studies(sql`status = 'completed'`);
    const done = await admin.analytics.forecast({ studyId: completed!.id });
    const enrolled = await enrolledIn(completed!.id);
    if (enrolled >= completed!.target) {
      expect(done.state).toBe('complete');
      expect(done.reachedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    } else {
      expect(done.state).toBe('not-recruiting');
    }
    expect(done.completion).toBeNull();
    const [planning] = await studies(sql`status = 'planning'`);
    const p = await admin.analytics.forecast({ studyId: planning!.id });
    expect(p.state).toBe('not-recruiting');
    expect(p.model).toBeNull();
    await rejects(admin.analytics.forecast({ studyId: 999_999 }), 'NOT_FOUND');
  });
});

describe('analytics.risk', () => {
  it('computes each indicator from the same counts as independent SQL', async () => {
    const { db } = t.database;
    const [study] = await studies(sql`status in ('active', 'enrolling')`);
    const risk = await admin.analytics.risk({ studyId: study!.id });
    const { rows } = await sql<{ siteId: number; queries: number; forms: number; aes: number; enrolled: number }>`
      select ss.site_id,
        (select count(*)::int from queries q where q.study_id = ss.study_id and q.site_id = ss.site_id and q.status <> 'cancelled') as queries,
        (select count(*)::int from form_submissions f where f.study_id = ss.study_id and f.site_id = ss.site_id and f.status <> 'draft') as forms,
        (select coalesce(sum(f.adverse_events), 0)::int from form_submissions f where f.study_id = ss.study_id and f.site_id = ss.site_id and f.status <> 'draft') as aes,
        (select count(*)::int from patients p where p.study_id = ss.study_id and p.site_id = ss.site_id and p.enrollment_date is not null) as enrolled
      from study_sites ss where ss.study_id = ${study!.id} and ss.status <> 'pending'`.execute(db);
    expect(risk.sites.map((s) => s.siteId).sort()).toEqual(rows.map((r) => r.siteId).sort());
    for (const r of rows) {
      const site = risk.sites.find((s) => s.siteId === r.siteId)!;
      const kri = (code: string) => site.kris.find((k) => k.code === code)!;
      expect([kri('queryRate').numerator, kri('queryRate').denominator]).toEqual([r.queries, r.forms]);
      expect([kri('aeRate').numerator, kri('aeRate').denominator]).toEqual([r.aes, r.enrolled]);
      expect(site.kris).toHaveLength(7);
      expect(site.performance.score === null || (site.performance.score >= 0 && site.performance.score <= 100)).toBe(true);
    }
    // The study's figure of an indicator is the ratio of its sums over the compared sites.
    const queries = rows.reduce((a, r) => a + r.queries, 0);
    const forms = rows.reduce((a, r) => a + r.forms, 0);
    expect(risk.indicators.find((i) => i.code === 'queryRate')!.reference).toBeCloseTo(queries / forms, 4);
  });

  it('ranks first a site made an outlier, with the indicator that is out and by how much', async () => {
    const { db } = t.database;
    // The recruiting study with the most sites that are not pending, and its largest one.
    const { rows } = await sql<{ studyId: number; siteId: number; siteNumber: string }>`
      select ss.study_id, ss.site_id, si.site_number from study_sites ss join sites si on si.id = ss.site_id
      join studies s on s.id = ss.study_id
      where s.status in ('active', 'enrolling') and ss.status <> 'pending'
        and ss.study_id = (select study_id from study_sites x join studies y on y.id = x.study_id
                           where y.status in ('active', 'enrolling') and x.status <> 'pending'
                           group by study_id order by count(*) desc, study_id limit 1)
      order by (select count(*) from patients p where p.study_id = ss.study_id and p.site_id = ss.site_id) desc limit 1`.execute(db);
    const target = rows[0]!;
    // Every visit of that site whose window has closed was never done.
    await withActor(db, { userId: null, reason: 'Analytics test: a site missing its visits' }, (tx) =>
      sql`update subject_visits v set status = 'missed', actual_date = null
          from patients p, visit_definitions vd
          where p.id = v.patient_id and vd.id = v.visit_definition_id and p.study_id = ${target.studyId}
            and p.site_id = ${target.siteId} and v.scheduled_date + vd.window_days < current_date`.execute(tx),
    );
    const risk = await admin.analytics.risk({ studyId: target.studyId });
    const first = risk.ranked[0]!;
    expect(first.siteId).toBe(target.siteId);
    const missing = first.reasons.find((r) => r.code === 'missingForms')!;
    expect(missing.value).toBe(1);
    expect(missing.value!).toBeGreaterThan(missing.reference!);
    expect(missing.z!).toBeGreaterThanOrEqual(1.96);
    expect(['warning', 'alert']).toContain(missing.level);
    expect(first.riskScore).toBeGreaterThan(0);
    // Its performance score fell with it: no due visit completed.
    const site = risk.sites.find((s) => s.siteId === target.siteId)!;
    expect(site.performance.visits).toBe(0);
  });
});

describe('scope', () => {
  it('a sponsor sees only its own studies: others do not exist for it, its predictions cover only its studies', async () => {
    const own = (await sponsor.studies.list({ limit: 100 })).items.map((s) => s.id);
    const all = await studies();
    const foreign = all.find((s) => !own.includes(s.id))!;
    await rejects(sponsor.analytics.forecast({ studyId: foreign.id }), 'NOT_FOUND');
    await rejects(sponsor.analytics.risk({ studyId: foreign.id }), 'NOT_FOUND');
    await rejects(sponsor.analytics.overview({ studyId: foreign.id }), 'NOT_FOUND');
    const overview = await sponsor.analytics.overview();
    expect(own).toContain(overview.studyId);
    const predictions = await sponsor.analytics.predictions();
    const ownRecruiting = all.filter((s) => own.includes(s.id) && ['active', 'enrolling'].includes(s.status)).map((s) => s.id);
    expect(predictions.items.map((p) => p.studyId).sort()).toEqual(ownRecruiting.sort());
    expect(predictions.total).toBe(ownRecruiting.length);
    const adminPredictions = await admin.analytics.predictions();
    expect(adminPredictions.total).toBe(all.filter((s) => ['active', 'enrolling'].includes(s.status)).length);
  });

  it('site staff see their own sites in the per-site lists, compared with all the study\'s sites', async () => {
    const investigator = await callerAs(t.database, demoEmail('investigator'));
    const { rows } = await sql<{ studyId: number; siteId: number | null }>`
      select m.study_id, m.site_id from study_memberships m join users u on u.id = m.user_id
      join studies s on s.id = m.study_id
      where u.email = ${demoEmail('investigator')} and s.status in ('active', 'enrolling') and m.site_id is not null
      order by m.study_id limit 1`.execute(t.database.db);
    const membership = rows[0]!;
    const f = await investigator.analytics.forecast({ studyId: membership.studyId });
    expect(f.sites.map((s) => s.siteId)).toEqual([membership.siteId]);
    const full = await admin.analytics.forecast({ studyId: membership.studyId });
    expect(f.completion).toEqual(full.completion);
    const risk = await investigator.analytics.risk({ studyId: membership.studyId });
    expect(risk.sites.every((s) => s.siteId === membership.siteId)).toBe(true);
    expect(risk.sitesCompared).toBe((await admin.analytics.risk({ studyId: membership.studyId })).sitesCompared);
  });
});
