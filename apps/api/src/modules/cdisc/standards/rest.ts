// POST /api/cdisc/standards: multipart, one CDISC Library XML export (SDTMIG or CDASHIG) in the field
// 'file' -> 201 {standard, version, datasets, variables}. 401 signed out, 403 a role without cdisc.import,
// 400 a file that is not XML, not a Library export, another standard or without datasets, 409 a code and
// version already loaded, 413 over UPLOAD_MAX_MB. The temporary file goes when the response is sent.
import { Router } from 'express';
import { CDISC_STANDARD_UPLOAD_FIELD } from '@ctp/contracts';
import type { CallerFor } from '../../../rest-caller.ts';
import { uploadReceiver } from '../../../http/uploads.ts';

export function cdiscStandardsRest(caller: CallerFor, storageDir: string, uploadMaxMb: number) {
  const r = Router();
  r.post('/cdisc/standards', uploadReceiver(storageDir, uploadMaxMb, CDISC_STANDARD_UPLOAD_FIELD), async (req, res) => {
    res.status(201).json(await caller(req, res).cdisc.importStandard());
  });
  return r;
}
