// Portfolio insights over the studies a user may see:
//   performanceImprovement = (sum of actual enrollment / sum of enrollment expected by plan - 1) * 100,
//     rounded to a whole percent, over measured studies (see enrollment-plan.ts)
//   optimizationOpportunities = studies behind plan (< 80% of expected)
//     + study sites pending activation for more than 30 days
//     + active study sites with no subject enrolled 60 days after activation
// The periodic pass (periodic-pass.ts) computes them over all data (the admin's view) and stores a snapshot, verifying the
// audit hash chain in the same run (the compliance status reads it). Until the first run has finished,
// the API answers isStatic: true with the spec's defaults. Afterwards, a user who sees only some studies
// gets the same formulas over those studies, computed on request and reused for DASHBOARD_CACHE_SECONDS,
// so no figure mixes in studies the user cannot see.
import { sql, verifyAuditChain, withActor, type Db } from '@ctp/db';
import { DEFAULT_INSIGHTS, type Insights } from '@ctp/contracts';
import { enrollmentAgainstPlan, pendingActivations, BEHIND_PLAN_RATIO } from './enrollment-plan.ts';
import { inStudies } from '../studies/scope-sql.ts';
import { cachedFigure, scopeKey } from './figure-cache.ts';

/** The insight figures over the given studies (null: every study), with what they were computed from. */
export async function computeInsightFigures(db: Db, studyIds: number[] | null) {
  const plan = await enrollmentAgainstPlan(db, studyIds);
  const actual = plan.reduce((a, r) => a + r.actual, 0);
  // Each study's expected figure is rounded to one decimal in SQL, so the sum is exact to one decimal.
  const expected = Math.round(plan.reduce((a, r) => a + r.expected, 0) * 10) / 10;
  const improvement = expected > 0 ? Math.round((actual / expected - 1) * 100) : 0;
  const behind = plan.filter((r) => r.actual < BEHIND_PLAN_RATIO * r.expected);
  const pendingOver30Days = (await pendingActivations(db, studyIds, 30)).count;
  const { rows: idle } = await sql<{ n: number }>`
    select count(*)::int as n from study_sites ss
    where ${inStudies('ss.study_id', studyIds)}
      and ss.status = 'active' and ss.activated_on < current_date - 60
      and not exists (select 1 from patients p where p.study_id = ss.study_id and p.site_id = ss.site_id
                      and p.status in ('enrolled','completed'))`.execute(db);
  const idleSites = idle[0]?.n ?? 0;
  return {
    performanceImprovement: improvement,
    optimizationOpportunities: behind.length + pendingOver30Days + idleSites,
    details: {
      studiesMeasured: plan.length,
      actualEnrollment: actual,
      expectedEnrollment: expected,
      studiesBehindPlan: behind.length,
      sitesPendingOver30Days: pendingOver30Days,
      idleActiveSites: idleSites,
    },
  };
}

export async function computeInsightSnapshot(db: Db) {
  const figures = await computeInsightFigures(db, null);
  const chain = await verifyAuditChain(db);
  await withActor(db, { userId: null, reason: 'Scheduled insights computation' }, (tx) =>
    tx
      .insertInto('insightSnapshots')
      .values({
        performanceImprovement: figures.performanceImprovement,
        optimizationOpportunities: figures.optimizationOpportunities,
        auditChainValid: chain.valid,
        auditRowsVerified: chain.rowsVerified,
        auditFirstBrokenId: chain.firstBroken?.id ?? null,
        details: JSON.stringify(figures.details),
      })
      .execute(),
  );
}

export async function latestSnapshot(db: Db) {
  return db.selectFrom('insightSnapshots').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirst();
}

/** The insights for a user who sees `studyIds` (null: every study). */
export async function getInsights(db: Db, studyIds: number[] | null, cacheSeconds: number): Promise<Insights> {
  const snap = await latestSnapshot(db);
  if (!snap) return { isStatic: true, performanceImprovement: DEFAULT_INSIGHTS.performanceImprovement, optimizationOpportunities: DEFAULT_INSIGHTS.optimizationOpportunities };
  const figures =
    studyIds === null
      ? snap
      : await cachedFigure(db, `insights:${scopeKey(studyIds)}`, cacheSeconds, () => computeInsightFigures(db, studyIds));
  return {
    isStatic: false,
    performanceImprovement: `${figures.performanceImprovement}%`,
    optimizationOpportunities: figures.optimizationOpportunities,
  };
}
