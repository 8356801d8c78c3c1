// POST /api/studies/analyze-protocol (spec section 7): multipart with one field 'protocol' (the file).
// 200 with {forms, dataPoints} and the proposal (visits, proposedForms, assessments, criteria, endpoints,
// plannedEnrollment, each with its evidence); 400 for a missing, empty, unaccepted or unreadable file;
// 413 over UPLOAD_MAX_MB. Nothing is stored: the temporary file goes when the response is sent.
import { Router } from 'express';
import { PROTOCOL_UPLOAD_FIELD } from '@ctp/contracts';
import type { CallerFor } from '../../rest-caller.ts';
import { uploadReceiver } from '../../http/uploads.ts';

export function protocolRest(caller: CallerFor, storageDir: string, uploadMaxMb: number) {
  const r = Router();
  const receive = uploadReceiver(storageDir, uploadMaxMb, PROTOCOL_UPLOAD_FIELD);
  r.post('/studies/analyze-protocol', receive, async (req, res) => {
    res.json(await caller(req, res).protocol.analyze());
  });
  return r;
}
