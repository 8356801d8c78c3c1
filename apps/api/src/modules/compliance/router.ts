// compliance.*: the compliance page's figures (status, audit readiness, recent audit activity) and its
// three evidence downloads.
import { z } from 'zod';
import { complianceDownloadInput, complianceOverviewInput, id } from '@ctp/contracts';
import { router, permitted } from '../../trpc.ts';
import { computeCompliance } from '../dashboard/compliance.ts';
import { assertStudyVisible, narrowScope } from '../../access.ts';
import { auditReadiness } from './readiness.ts';
import { complianceDownload, streamAuditTrailCsv } from './downloads.ts';
import { recentAuditEvents } from './recent-events.ts';

export const complianceRouter = router({
  overview: permitted('dashboard.view')
    .input(complianceOverviewInput)
    .query(async ({ ctx, input }) => {
      if (input?.studyId) assertStudyVisible(ctx.scope, input.studyId);
      // Recent audit events (one per change, grouped) only from the studies where the user's role reads the audit trail.
      const auditScope = narrowScope(ctx.user, ctx.scope, 'audit.read');
      const readsAudit = auditScope.all || (input?.studyId ? auditScope.studyIds.includes(input.studyId) : auditScope.studyIds.length > 0);
      const [status, readiness, recent] = await Promise.all([
        computeCompliance(ctx.db),
        auditReadiness(ctx.db, ctx.scope, input?.studyId),
        readsAudit ? recentAuditEvents(ctx.db, ctx.user, auditScope, input?.studyId, 8) : Promise.resolve([]),
      ]);
      return { status, readiness, recent };
    }),
  download: permitted('report.export').input(complianceDownloadInput).mutation(({ ctx, input }) => complianceDownload(ctx, input)),
  /** The audit trail download as a stream of chunks, for GET /api/studies/{id}/audit-trail.csv (server-side callers only). */
  auditTrailCsvStream: permitted('report.export')
    .input(z.object({ studyId: id }))
    .query(({ ctx, input }) => streamAuditTrailCsv(ctx, input.studyId)),
});
