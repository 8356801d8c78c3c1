import { DASHBOARD_ACTIVE_STUDIES, type DashboardOverview, type QualityInsights } from '@ctp/contracts';
import { router, permitted } from '../../trpc.ts';
import { visibleStudyIds } from '../../access.ts';
import { studySummaryQuery, listStudySummaries } from '../studies/summary-query.ts';
import { inStudies } from '../studies/scope-sql.ts';
import { sql, type Db } from '@ctp/db';
import type { Config } from '../../config.ts';
import { computeDataQualityScore } from './quality.ts';
import { cachedFigure, scopeKey } from './figure-cache.ts';
import { getInsights } from './insights.ts';
import { recentAlerts } from './alerts.ts';
import { computeCompliance } from './compliance.ts';
import { patientFilter } from '../patients/filters.ts';
import { statusCounts } from '../patients/plan.ts';

const dashboardProcedure = permitted('dashboard.view');

type FigureCtx = { db: Db; config: Config };
const cached = <T>(ctx: FigureCtx, key: string, compute: () => Promise<T>) =>
  cachedFigure(ctx.db, key, ctx.config.DASHBOARD_CACHE_SECONDS, compute);
const dataQualityScore = (ctx: FigureCtx, ids: number[] | null) =>
  cached(ctx, `quality:${scopeKey(ids)}`, () => computeDataQualityScore(ctx.db, ids));

export const dashboardRouter = router({
  /** The user's active and enrolling studies (first ones by code) and the data quality score. */
  overview: dashboardProcedure.query(async ({ ctx }): Promise<DashboardOverview> => {
    const ids = visibleStudyIds(ctx.scope);
    const studies = await listStudySummaries(
      studySummaryQuery(ctx.db, ids)
        .where('s.status', 'in', ['active', 'enrolling'])
        .orderBy('s.code')
        .limit(Math.max(DASHBOARD_ACTIVE_STUDIES, 10)),
    );
    return { studies, dataQualityScore: await dataQualityScore(ctx, ids) };
  }),
  insights: dashboardProcedure.query(({ ctx }) =>
    getInsights(ctx.db, visibleStudyIds(ctx.scope), ctx.config.DASHBOARD_CACHE_SECONDS),
  ),
  qualityInsights: dashboardProcedure.query(
    async ({
      ctx,
    }): Promise<QualityInsights & { recentAlerts: Awaited<ReturnType<typeof recentAlerts>> }> => {
      const ids = visibleStudyIds(ctx.scope);
      return {
        dataQualityScore: await dataQualityScore(ctx, ids),
        recentAlerts: await cached(ctx, `alerts:${scopeKey(ids)}`, () => recentAlerts(ctx.db, ids)),
      };
    },
  ),
  complianceStatus: dashboardProcedure.query(({ ctx }) =>
    cached(ctx, 'compliance', () => computeCompliance(ctx.db)),
  ),
  /** Live counts for the top bar badges. */
  badges: dashboardProcedure.query(async ({ ctx }) => {
    const ids = visibleStudyIds(ctx.scope);
    // Subjects in screening or enrolled, counted with the patients list's own filter, so site staff
    // count only their own sites' subjects (summed from patient_counts, no subject rows read); one
    // statement with the active studies.
    const { rows } = await sql<{ activeStudies: number; screening: number; enrolled: number }>`
      select (select count(*)::int from studies s
              where s.status in ('active', 'enrolling') and ${inStudies('s.id', ids)}) as active_studies,
             c.screening, c.enrolled
      from (${statusCounts(patientFilter(ctx.scope, {}))}) c`.execute(ctx.db);
    const counts = rows[0]!;
    return { activeStudies: counts.activeStudies, activePatients: counts.screening + counts.enrolled };
  }),
});
