// compliance.*: the compliance page's figures (status, audit readiness, recent audit activity) and its
// three evidence downloads.
import { can, complianceDownloadInput, complianceOverviewInput } from '@ctp/contracts';
import { router, permitted } from '../../trpc.ts';
import { computeCompliance } from '../dashboard/compliance.ts';
import { auditTrail } from '../audit/trail.ts';
import { assertStudyVisible } from '../../access.ts';
import { auditReadiness } from './readiness.ts';
import { complianceDownload } from './downloads.ts';

export const complianceRouter = router({
  overview: permitted('dashboard.view')
    .input(complianceOverviewInput)
    .query(async ({ ctx, input }) => {
      if (input?.studyId) assertStudyVisible(ctx.scope, input.studyId);
      const [status, readiness, recent] = await Promise.all([
        computeCompliance(ctx.db),
        auditReadiness(ctx.db, ctx.scope, input?.studyId),
        can(ctx.user.role, 'audit.read') ? auditTrail(ctx.db, ctx.scope, { studyId: input?.studyId, limit: 8 }) : Promise.resolve({ items: [], nextCursor: null }),
      ]);
      return { status, readiness, recent: recent.items };
    }),
  download: permitted('report.export').input(complianceDownloadInput).mutation(({ ctx, input }) => complianceDownload(ctx, input)),
});
