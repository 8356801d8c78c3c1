// POST /api/studies/{id}/import-data: multipart with the file in `file` and the fields `mode` (dry-run or
// import) and `reason` (required to import). 200 with the report; 400 for a file that cannot be read,
// the wrong study or a missing reason; 413 over UPLOAD_MAX_MB.
import { Router } from 'express';
import { DATA_IMPORT_FIELD } from '@ctp/contracts';
import type { CallerFor } from '../../rest-caller.ts';
import { uploadReceiver } from '../../http/uploads.ts';

export function dataImportRest(caller: CallerFor, storageDir: string, uploadMaxMb: number) {
  const r = Router();
  const receive = uploadReceiver(storageDir, uploadMaxMb, DATA_IMPORT_FIELD);
  r.post('/studies/:id/import-data', receive, async (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    res.json(await caller(req, res).dataImport.run({ studyId: req.params.id as never, mode: body.mode as never, reason: (body.reason as string) || undefined }));
  });
  return r;
}
