// POST /api/studies/analyze-protocol (spec section 7): multipart with one field 'protocol' (the file).
// 200 with {forms, dataPoints} and the proposal (visits, proposedForms, assessments, criteria, endpoints,
// plannedEnrollment, each with its evidence); 400 for a missing, empty, unaccepted or unreadable file;
// 413 over UPLOAD_MAX_MB. Nothing is stored: the temporary file goes when the response is sent.
// POST /api/studies/analyze-protocol/usdm: the same upload; the analysis as a USDM 4.0 document
// (attachment <code>-usdm.json), each finding with its evidence as notes.
import { Router } from 'express';
import { create as contentDisposition } from 'content-disposition';
import { PROTOCOL_UPLOAD_FIELD } from '@ctp/contracts';
import type { CallerFor } from '../../rest-caller.ts';
import { uploadReceiver } from '../../http/uploads.ts';

export function protocolRest(caller: CallerFor, storageDir: string, uploadMaxMb: number) {
  const r = Router();
  const receive = uploadReceiver(storageDir, uploadMaxMb, PROTOCOL_UPLOAD_FIELD);
  r.post('/studies/analyze-protocol', receive, async (req, res) => {
    res.json(await caller(req, res).protocol.analyze());
  });
  r.post('/studies/analyze-protocol/usdm', receive, async (req, res) => {
    const { code, document } = await caller(req, res).protocol.toUsdm();
    res.set('Content-Disposition', contentDisposition(`${code}-usdm.json`));
    res.json(document);
  });
  return r;
}
