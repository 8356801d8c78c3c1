// Data import: data managers and administrators ('data.import') of the study; the file comes through the
// multipart REST path POST /api/studies/{id}/import-data (RequestInfo.upload).
import { dataImportInput } from '@ctp/contracts';
import { permitted, router } from '../../trpc.ts';
import { runDataImport } from './run.ts';

export const dataImportRouter = router({
  run: permitted('data.import').input(dataImportInput).mutation(({ ctx, input }) => runDataImport(ctx, input)),
});
