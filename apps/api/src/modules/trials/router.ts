// trials.*: the CTMS projections of studies (a trial is a study, addressed by its code), the
// portfolio figures, milestone and budget-line edits, and the trial's export and reports.
import {
  budgetLineCreateInput,
  budgetLineUpdateInput,
  milestoneCreateInput,
  milestoneUpdateInput,
  trialByCodeInput,
  trialExportInput,
  trialListInput,
  trialReportInput,
} from '@ctp/contracts';
import { router, permitted, actorOf } from '../../trpc.ts';
import { visibleStudyIds } from '../../access.ts';
import { trialSummary } from './summary.ts';
import { listTrials } from './list.ts';
import { trialDetail } from './detail.ts';
import { budgetByPhase, portfolioReports } from './portfolio.ts';
import { createBudgetLine, createMilestone, updateBudgetLine, updateMilestone } from './children.ts';
import { exportTrial } from './export.ts';
import { trialReport } from './reports.ts';

const read = permitted('study.read');
const manage = permitted('trial.manage');
const exporting = permitted('report.export');

export const trialsRouter = router({
  summary: read.query(({ ctx }) => trialSummary(ctx.db, visibleStudyIds(ctx.scope))),
  list: read.input(trialListInput).query(({ ctx, input }) => listTrials(ctx.db, visibleStudyIds(ctx.scope), input)),
  byCode: read.input(trialByCodeInput).query(({ ctx, input }) => trialDetail(ctx.db, ctx.scope, input.trialId)),
  budgetByPhase: read.query(({ ctx }) => budgetByPhase(ctx.db, visibleStudyIds(ctx.scope))),
  reports: read.query(({ ctx }) => portfolioReports(ctx.db, visibleStudyIds(ctx.scope))),

  createMilestone: manage
    .input(milestoneCreateInput)
    .mutation(({ ctx, input }) => createMilestone(ctx.db, actorOf(ctx, input.reason), ctx.scope, input)),
  updateMilestone: manage
    .input(milestoneUpdateInput)
    .mutation(({ ctx, input }) => updateMilestone(ctx.db, actorOf(ctx, input.reason), ctx.scope, input)),
  createBudgetLine: manage
    .input(budgetLineCreateInput)
    .mutation(({ ctx, input }) => createBudgetLine(ctx.db, actorOf(ctx, input.reason), ctx.scope, input)),
  updateBudgetLine: manage
    .input(budgetLineUpdateInput)
    .mutation(({ ctx, input }) => updateBudgetLine(ctx.db, actorOf(ctx, input.reason), ctx.scope, input)),

  /** Read-only, but a query would be cached by the client: a mutation produces a fresh file each time. */
  export: exporting.input(trialExportInput).mutation(({ ctx, input }) => exportTrial(ctx.db, ctx.scope, input.trialId, input.format)),
  report: exporting.input(trialReportInput).mutation(({ ctx, input }) => trialReport(ctx.db, ctx.scope, input.trialId, input.kind)),
});
