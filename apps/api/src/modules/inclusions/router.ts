// inclusions.*: the inclusions list of a study. Everyone who sees the study reads and exports it;
// archiving subjects takes the right to change their status (study managers and site staff).
import { inclusionArchiveInput, inclusionExportInput, inclusionListInput } from '@ctp/contracts';
import { router, permitted } from '../../trpc.ts';
import { listInclusions } from './list.ts';
import { archiveInclusions, exportInclusions, streamInclusionsCsv } from './actions.ts';

export const inclusionsRouter = router({
  list: permitted('patient.read').input(inclusionListInput).query(({ ctx, input }) => listInclusions(ctx.db, ctx.scope, input)),
  exportCsv: permitted('report.export').input(inclusionExportInput).mutation(({ ctx, input }) => exportInclusions(ctx, input)),
  /** The same CSV as a stream of chunks, for GET /api/studies/{id}/inclusions.csv (server-side callers only). */
  exportCsvStream: permitted('report.export').input(inclusionExportInput).query(({ ctx, input }) => streamInclusionsCsv(ctx, input)),
  archive: permitted('patient.updateStatus').input(inclusionArchiveInput).mutation(({ ctx, input }) => archiveInclusions(ctx, input)),
});
