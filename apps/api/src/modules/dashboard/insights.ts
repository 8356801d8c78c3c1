// Portfolio insights, computed in the background over all data and stored as a snapshot:
//   performanceImprovement = (sum of actual enrollment / sum of enrollment expected by plan - 1) * 100,
//     rounded to a whole percent, over measured studies (see enrollment-plan.ts)
//   optimizationOpportunities = studies behind plan (< 80% of expected)
//     + study sites pending activation for more than 30 days
//     + active study sites with no subject enrolled 60 days after activation
// The same run verifies the audit hash chain, which the compliance status reads.
// Until the first run has finished, the API answers isStatic: true with the spec's defaults.
import { sql, verifyAuditChain, withActor, type Db } from '@ctp/db';
import { DEFAULT_INSIGHTS, type Insights } from '@ctp/contracts';
import { enrollmentAgainstPlan, sitesPendingActivation, BEHIND_PLAN_RATIO } from './enrollment-plan.ts';

export async function computeInsightSnapshot(db: Db) {
  const plan = await enrollmentAgainstPlan(db, null);
  const actual = plan.reduce((a, r) => a + r.actual, 0);
  // Each study's expected figure is rounded to one decimal in SQL, so the sum is exact to one decimal.
  const expected = Math.round(plan.reduce((a, r) => a + r.expected, 0) * 10) / 10;
  const improvement = expected > 0 ? Math.round((actual / expected - 1) * 100) : 0;
  const behind = plan.filter((r) => r.actual < BEHIND_PLAN_RATIO * r.expected);
  const longPending = (await sitesPendingActivation(db, null)).filter((s) => s.waitingDays > 30);
  const { rows: idle } = await sql<{ n: number }>`
    select count(*)::int as n from study_sites ss
    where ss.status = 'active' and ss.activated_on < current_date - 60
      and not exists (select 1 from patients p where p.study_id = ss.study_id and p.site_id = ss.site_id
                      and p.status in ('enrolled','completed'))`.execute(db);
  const idleSites = idle[0]?.n ?? 0;
  const chain = await verifyAuditChain(db);
  const details = {
    studiesMeasured: plan.length,
    actualEnrollment: actual,
    expectedEnrollment: expected,
    studiesBehindPlan: behind.length,
    sitesPendingOver30Days: longPending.length,
    idleActiveSites: idleSites,
  };
  await withActor(db, { userId: null, reason: 'Scheduled insights computation' }, (tx) =>
    tx
      .insertInto('insightSnapshots')
      .values({
        performanceImprovement: improvement,
        optimizationOpportunities: behind.length + longPending.length + idleSites,
        auditChainValid: chain.valid,
        auditRowsVerified: chain.rowsVerified,
        auditFirstBrokenId: chain.firstBroken?.id ?? null,
        details: JSON.stringify(details),
      })
      .execute(),
  );
}

export async function latestSnapshot(db: Db) {
  return db.selectFrom('insightSnapshots').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirst();
}

export async function getInsights(db: Db): Promise<Insights> {
  const snap = await latestSnapshot(db);
  if (!snap) return { isStatic: true, ...DEFAULT_INSIGHTS };
  return {
    isStatic: false,
    performanceImprovement: `${snap.performanceImprovement}%`,
    optimizationOpportunities: snap.optimizationOpportunities,
  };
}

/** Runs the computation now and then every intervalSeconds; returns a stop function. */
export function scheduleInsights(db: Db, intervalSeconds: number, onError: (err: unknown) => void) {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      await computeInsightSnapshot(db);
    } catch (err) {
      onError(err);
    } finally {
      running = false;
    }
  };
  void run();
  const timer = setInterval(run, intervalSeconds * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
