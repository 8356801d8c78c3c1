import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, withActor } from '@ctp/db';
import { DEFAULT_INSIGHTS } from '@ctp/contracts';
import { AUDITED_TABLES } from '@ctp/db';
import { createTestDatabase, type TestDatabase } from './support/db.ts';
import { callerAs, testConfig } from './support/app.ts';
import { computeInsightFigures, computeInsightSnapshot } from '../src/modules/dashboard/insights.ts';
import { computeDataQualityScore } from '../src/modules/dashboard/quality.ts';
import type { CodedAlert } from '../src/modules/dashboard/alerts.ts';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase({ seed: true });
});
afterAll(() => t.cleanup());

describe('dashboard figures', () => {
  it('answers the spec defaults flagged static until the first computation, then computed values', async () => {
    const caller = await callerAs(t.database, 'data-manager@demo.local');
    // The insights' own figures only: the data quality score has its own computed answer (overview, quality).
    expect(await caller.dashboard.insights()).toEqual({
      isStatic: true,
      performanceImprovement: DEFAULT_INSIGHTS.performanceImprovement,
      optimizationOpportunities: DEFAULT_INSIGHTS.optimizationOpportunities,
    });
    await computeInsightSnapshot(t.database.db);
    const computed = await caller.dashboard.insights();
    expect(computed.isStatic).toBe(false);
    const snap = await t.database.db.selectFrom('insightSnapshots').selectAll().executeTakeFirstOrThrow();
    expect(computed.performanceImprovement).toBe(`${snap.performanceImprovement}%`);
    const d = snap.details as any;
    expect(computed.optimizationOpportunities).toBe(
      d.studiesBehindPlan + d.sitesPendingOver30Days + d.idleActiveSites,
    );
    expect(snap.performanceImprovement).toBe(
      Math.round((d.actualEnrollment / d.expectedEnrollment - 1) * 100),
    );
  });

  it('computes the insights over the studies the user may see, not the whole portfolio', async () => {
    const { db } = t.database;
    await computeInsightSnapshot(db);
    const sponsor = await callerAs(t.database, 'sponsor@demo.local');
    const sponsorStudies = (await sponsor.studies.list({ limit: 100 })).items.map((s) => s.id);
    const all = await computeInsightFigures(db, null);
    const own = await computeInsightFigures(db, sponsorStudies);
    // The demo data makes the two differ, so the test can tell which one the sponsor got.
    expect(own.optimizationOpportunities).not.toBe(all.optimizationOpportunities);
    expect(await sponsor.dashboard.insights()).toEqual({
      isStatic: false,
      performanceImprovement: `${own.performanceImprovement}%`,
      optimizationOpportunities: own.optimizationOpportunities,
    });
    const admin = await callerAs(t.database, 'admin@demo.local');
    expect((await admin.dashboard.insights()).optimizationOpportunities).toBe(all.optimizationOpportunities);
  });

  it('counts pending study site activations and names the longest waiting, in the studies the user may see', async () => {
    const { db } = t.database;
    const sponsor = await callerAs(t.database, 'sponsor@demo.local');
    const sponsorStudies = (await sponsor.studies.list({ limit: 100 })).items.map((s) => s.id);
    // Independently: every pending study site of a study that is active, enrolling or planning.
    const pending = await db
      .selectFrom('studySites as ss')
      .innerJoin('sites as si', 'si.id', 'ss.siteId')
      .innerJoin('studies as st', 'st.id', 'ss.studyId')
      .select(['ss.studyId', 'ss.assignedOn', 'si.siteNumber', 'st.code'])
      .where('ss.status', '=', 'pending')
      .where('st.status', 'in', ['active', 'enrolling', 'planning'])
      .execute();
    const { rows } = await sql<{ today: string }>`select current_date::text as today`.execute(db);
    const daysWaiting = (assignedOn: string) => Math.round((Date.parse(rows[0]!.today) - Date.parse(assignedOn)) / 86_400_000);
    for (const [caller, studies] of [[await callerAs(t.database, 'admin@demo.local'), null], [sponsor, sponsorStudies]] as const) {
      const mine = pending
        .filter((r) => !studies || studies.includes(r.studyId))
        .sort((a, b) => a.assignedOn.localeCompare(b.assignedOn) || a.siteNumber.localeCompare(b.siteNumber));
      expect(mine.length).toBeGreaterThan(0); // the demo data has some, so the alert is tested
      const alerts = (await caller.dashboard.qualityInsights()).recentAlerts as CodedAlert[];
      const alert = alerts.find((a) => a.code === 'sitesPending');
      expect(alert?.params).toEqual({ count: mine.length, site: mine[0]!.siteNumber, study: mine[0]!.code, days: daysWaiting(mine[0]!.assignedOn) });
      const figures = await computeInsightFigures(db, studies ? [...studies] : null);
      expect(figures.details.sitesPendingOver30Days).toBe(mine.filter((r) => daysWaiting(r.assignedOn) > 30).length);
    }
  });

  it("counts the top bar's patients as the user's patients list does: site staff only their own sites", async () => {
    for (const email of ['coordinator@demo.local', 'sponsor@demo.local', 'admin@demo.local']) {
      const caller = await callerAs(t.database, email);
      const summary = await caller.patients.summary({});
      const badges = await caller.dashboard.badges();
      expect(badges.activePatients, email).toBe(summary.screening + summary.enrolled);
      // Active or enrolling studies among those the user is a member of (the admin: all of them).
      const { rows } = await sql<{ n: number }>`
        select count(*)::int as n from studies s join users u on u.email = ${email}
        where s.status in ('active', 'enrolling')
          and (u.role = 'admin' or exists (select 1 from study_memberships m where m.study_id = s.id and m.user_id = u.id))`.execute(t.database.db);
      expect(badges.activeStudies, email).toBe(rows[0]!.n);
    }
    const coordinator = await callerAs(t.database, 'coordinator@demo.local');
    const admin = await callerAs(t.database, 'admin@demo.local');
    expect((await coordinator.dashboard.badges()).activePatients).toBeLessThan(
      (await admin.dashboard.badges()).activePatients,
    );
  });

  it('computes the data quality score by its formula on a controlled study', async () => {
    const { db } = t.database;
    const actor = { userId: null, reason: 'Test fixture' };
    const studyId = await withActor(db, actor, async (tx) => {
      const { id } = await tx
        .insertInto('studies')
        .values({
          code: 'DQ-TEST-1',
          title: 'Quality fixture',
          phase: 'Phase II',
          status: 'active',
          targetEnrollment: 10,
          startDate: '2024-01-01',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const site = await tx
        .insertInto('sites')
        .values({ siteNumber: 'DQ-1', name: 'Fixture site', country: 'France', status: 'active' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await tx
        .insertInto('studySites')
        .values({
          studyId: id,
          siteId: site.id,
          enrollmentTarget: 10,
          status: 'active',
          assignedOn: '2024-01-01',
          activatedOn: '2024-01-02',
        })
        .execute();
      const visit = await tx
        .insertInto('visitDefinitions')
        .values({ studyId: id, code: 'D0', name: 'Day 0', dayOffset: 0, sortOrder: 0 })
        .returning('id')
        .executeTakeFirstOrThrow();
      // Subject A: all 3 demographic fields; subject B: 1 of 3 (sex only).
      const a = await tx
        .insertInto('patients')
        .values({
          subjectCode: 'A',
          studyId: id,
          siteId: site.id,
          status: 'enrolled',
          yearOfBirth: 1970,
          sex: 'F',
          ethnicity: 'Not reported',
          screeningDate: '2024-02-01',
          enrollmentDate: '2024-02-05',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const b = await tx
        .insertInto('patients')
        .values({
          subjectCode: 'B',
          studyId: id,
          siteId: site.id,
          status: 'screening',
          sex: 'M',
          screeningDate: '2024-02-01',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      // Due visits: A completed, B missed; a future visit does not count.
      await tx
        .insertInto('subjectVisits')
        .values([
          {
            patientId: a.id,
            visitDefinitionId: visit.id,
            status: 'completed',
            scheduledDate: '2024-02-05',
            actualDate: '2024-02-05',
          },
          { patientId: b.id, visitDefinitionId: visit.id, status: 'missed', scheduledDate: '2024-02-06' },
        ])
        .execute();
      return id;
    });
    // (4 filled fields + 1 completed due visit) / (6 expected fields + 2 due visits) = 5/8 = 62.5
    expect(await computeDataQualityScore(db, [studyId])).toBe(62.5);
    expect(await computeDataQualityScore(db, [])).toBe(100);
  });

  it('scopes the overview to the studies the user is a member of', async () => {
    const investigator = await callerAs(t.database, 'investigator@demo.local');
    const admin = await callerAs(t.database, 'admin@demo.local');
    const mine = await t.database.db
      .selectFrom('studyMemberships as m')
      .innerJoin('users as u', 'u.id', 'm.userId')
      .select('m.studyId')
      .where('u.email', '=', 'investigator@demo.local')
      .execute();
    const visible = new Set(mine.map((m) => m.studyId));
    const overview = await investigator.dashboard.overview();
    for (const s of overview.studies) expect(visible.has(s.id)).toBe(true);
    expect((await admin.dashboard.overview()).studies.length).toBeGreaterThanOrEqual(overview.studies.length);
  });

  it('reports the audit trail incomplete when a trigger is switched off, and non-compliant when the chain breaks', async () => {
    const { db } = t.database;
    const caller = await callerAs(t.database, 'monitor@demo.local');
    expect((await caller.dashboard.complianceStatus()).auditTrailCompleteness).toBe(100);
    await sql`alter table milestones disable trigger audit_milestones`.execute(db);
    const partial = await caller.dashboard.complianceStatus();
    expect(partial.auditTrailCompleteness).toBe(Math.round((100 * (AUDITED_TABLES.length - 1)) / AUDITED_TABLES.length));
    expect(partial.cfr21Part11).toBe('attention');
    // Each check names its code and figures, so the web app can say it in the reader's language.
    expect(partial.checks.find((c) => c.code === 'auditTriggers')).toMatchObject({
      params: { present: AUDITED_TABLES.length - 1, total: AUDITED_TABLES.length },
      check: `Audit trigger on ${AUDITED_TABLES.length - 1} of ${AUDITED_TABLES.length} audited tables`,
      passed: false,
    });
    await sql`alter table milestones enable trigger audit_milestones`.execute(db);

    await sql`alter table audit_events disable trigger audit_events_no_change`.execute(db);
    await sql`update audit_events set reason = 'forged' where id = 3`.execute(db);
    await sql`alter table audit_events enable trigger audit_events_no_change`.execute(db);
    await computeInsightSnapshot(db);
    const broken = await caller.dashboard.complianceStatus();
    expect(broken.cfr21Part11).toBe('non-compliant');
    expect(broken.auditTrailCompleteness).toBeLessThan(100);
    expect(broken.checks.find((c) => c.check.startsWith('Audit hash chain'))).toMatchObject({
      code: 'auditChainBroken',
      params: { row: 3 },
      check: 'Audit hash chain broken at row 3',
    });
  });

  it('reuses a computed data quality score for DASHBOARD_CACHE_SECONDS; without the cache it is computed anew', async () => {
    const { db } = t.database;
    const cached = await callerAs(
      t.database,
      'data-manager@demo.local',
      testConfig({ DASHBOARD_CACHE_SECONDS: '60' }),
    );
    const uncached = await callerAs(t.database, 'data-manager@demo.local');
    const before = (await cached.dashboard.overview()).dataQualityScore;
    expect((await uncached.dashboard.overview()).dataQualityScore).toBe(before);
    // Every subject of one study loses its ethnicity: fewer filled fields, a lower score.
    const study = await db
      .selectFrom('studyMemberships as m')
      .innerJoin('users as u', 'u.id', 'm.userId')
      .select('m.studyId')
      .where('u.email', '=', 'data-manager@demo.local')
      .orderBy('m.studyId')
      .executeTakeFirstOrThrow();
    await withActor(db, { userId: null, reason: 'Test fixture' }, (tx) =>
      tx.updateTable('patients').set({ ethnicity: null }).where('studyId', '=', study.studyId).execute(),
    );
    expect((await cached.dashboard.overview()).dataQualityScore).toBe(before);
    expect((await cached.dashboard.qualityInsights()).dataQualityScore).toBe(before);
    expect((await uncached.dashboard.overview()).dataQualityScore).toBeLessThan(before);
  });

  it('reuses the alerts for DASHBOARD_CACHE_SECONDS as well; without the cache they are computed anew', async () => {
    const { db } = t.database;
    const cached = await callerAs(t.database, 'admin@demo.local', testConfig({ DASHBOARD_CACHE_SECONDS: '60' }));
    const uncached = await callerAs(t.database, 'admin@demo.local');
    const pendingAlert = async (caller: typeof cached) =>
      ((await caller.dashboard.qualityInsights()).recentAlerts as CodedAlert[]).find((a) => a.code === 'sitesPending');
    const before = await pendingAlert(cached);
    expect(before).toBeDefined();
    // One more study site pending activation: the uncached alert counts it, the cached one not yet.
    const free = await db
      .selectFrom('sites')
      .select('id')
      .where((eb) => eb.not(eb.exists(eb.selectFrom('studySites as ss').select('ss.id').whereRef('ss.siteId', '=', 'sites.id'))))
      .executeTakeFirst();
    const study = await db.selectFrom('studies').select('id').where('status', '=', 'active').executeTakeFirstOrThrow();
    const siteId =
      free?.id ??
      (
        await withActor(db, { userId: null, reason: 'Test fixture' }, (tx) =>
          tx.insertInto('sites').values({ siteNumber: 'ALERT-CACHE-1', name: 'Alert cache site', country: 'Spain' }).returning('id').executeTakeFirstOrThrow(),
        )
      ).id;
    await withActor(db, { userId: null, reason: 'Test fixture' }, (tx) =>
      tx.insertInto('studySites').values({ studyId: study.id, siteId, enrollmentTarget: 5, status: 'pending', assignedOn: '2020-01-01' }).execute(),
    );
    expect(await pendingAlert(cached)).toEqual(before);
    expect((await pendingAlert(uncached))!.params.count).toBe(Number(before!.params.count) + 1);
  });
});
