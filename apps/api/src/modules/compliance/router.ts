// compliance.*: the compliance page's figures (status, audit readiness, recent audit activity) and its
// three evidence downloads.
import { complianceDownloadInput, complianceOverviewInput } from '@ctp/contracts';
import { router, permitted } from '../../trpc.ts';
import { computeCompliance } from '../dashboard/compliance.ts';
import { auditTrail } from '../audit/trail.ts';
import { assertStudyVisible, narrowScope } from '../../access.ts';
import { auditReadiness } from './readiness.ts';
import { complianceDownload } from './downloads.ts';

export const complianceRouter = router({
  overview: permitted('dashboard.view')
    .input(complianceOverviewInput)
    .query(async ({ ctx, input }) => {
      if (input?.studyId) assertStudyVisible(ctx.scope, input.studyId);
      // Recent audit events only from the studies where the user's role reads the audit trail.
      const auditScope = narrowScope(ctx.user, ctx.scope, 'audit.read');
      const readsAudit = auditScope.all || (input?.studyId ? auditScope.studyIds.includes(input.studyId) : auditScope.studyIds.length > 0);
      const [status, readiness, recent] = await Promise.all([
        computeCompliance(ctx.db),
        auditReadiness(ctx.db, ctx.scope, input?.studyId),
        readsAudit ? auditTrail(ctx.db, ctx.user, auditScope, { studyId: input?.studyId, limit: 8 }) : Promise.resolve({ items: [], nextCursor: null }),
      ]);
      return { status, readiness, recent: recent.items };
    }),
  download: permitted('report.export').input(complianceDownloadInput).mutation(({ ctx, input }) => complianceDownload(ctx, input)),
});
