// clinicalData.*: a study's collected data in the formats other systems read (ODM 1.3.2 ClinicalData).
// Its file streams through GET /api/studies/{id}/odm (rest.ts); over tRPC the answer is only useful
// to a server-side caller, as the chunks are a stream.
import { formEntriesCsvInput, odmExportInput } from '@ctp/contracts';
import { router, permitted } from '../../trpc.ts';
import { odmExport } from './odm-export.ts';
import { formEntriesCsv } from './form-entries-csv.ts';

export const clinicalDataRouter = router({
  odm: permitted('clinicalData.export').input(odmExportInput).query(({ ctx, input }) => odmExport(ctx, input)),
  /** Streams through GET /api/studies/{id}/form-entries.csv (rest.ts). */
  formEntriesCsv: permitted('clinicalData.export').input(formEntriesCsvInput).query(({ ctx, input }) => formEntriesCsv(ctx, input)),
});
