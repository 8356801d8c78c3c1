// analytics.*: the predictive analytics screen (/analytics): its computed figures, the enrollment
// forecast of a study, the portfolio's predictions and the risk-based monitoring of a study's sites.
import { analyticsOverviewInput, analyticsStudyInput } from '@ctp/contracts';
import { router, permitted } from '../../trpc.ts';
import { analyticsOverview, analyticsPredictions } from './overview.ts';
import { studyForecast } from './study-forecast.ts';
import { studyRisk } from './risk.ts';

const view = permitted('dashboard.view');

export const analyticsRouter = router({
  overview: view.input(analyticsOverviewInput).query(({ ctx, input }) => analyticsOverview(ctx, input?.studyId)),
  forecast: view.input(analyticsStudyInput).query(({ ctx, input }) => studyForecast(ctx.db, ctx.scope, input.studyId)),
  predictions: view.query(({ ctx }) => analyticsPredictions(ctx)),
  risk: view.input(analyticsStudyInput).query(({ ctx, input }) => studyRisk(ctx.db, ctx.scope, input.studyId)),
});
