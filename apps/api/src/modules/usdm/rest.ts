// The USDM REST paths:
//   POST /api/studies/import-usdm  multipart, the document in the field 'file' -> 200 {importId, sha256,
//        proposal}; 400 for a missing, empty or non-JSON file and for a document that is not USDM 4.0
//        (with the path of the offending object); 413 over the size limit. The proposal is accepted with
//        the usdm.accept procedure.
//   GET  /api/studies/:id/usdm     -> the study as a USDM 4.0 document (attachment <code>-usdm.json)
import { Router } from 'express';
import { create as contentDisposition } from 'content-disposition';
import { USDM_UPLOAD_FIELD } from '@ctp/contracts';
import type { CallerFor } from '../../rest-caller.ts';
import { uploadReceiver } from '../../http/uploads.ts';

/** A USDM document is JSON text: far smaller than the largest upload the server takes. */
export const USDM_MAX_MB = 20;

export function usdmRest(caller: CallerFor, storageDir: string, uploadMaxMb: number) {
  const r = Router();
  const receive = uploadReceiver(storageDir, Math.min(uploadMaxMb, USDM_MAX_MB), USDM_UPLOAD_FIELD);
  r.post('/studies/import-usdm', receive, async (req, res) => {
    res.json(await caller(req, res).usdm.propose());
  });
  r.get('/studies/:id/usdm', async (req, res) => {
    if (!/^\d+$/.test(req.params.id)) return void res.status(400).json({ error: 'Study id must be a number' });
    const { code, document } = await caller(req, res).usdm.export({ studyId: Number(req.params.id) });
    res.set('Content-Disposition', contentDisposition(`${code}-usdm.json`));
    res.json(document);
  });
  return r;
}
