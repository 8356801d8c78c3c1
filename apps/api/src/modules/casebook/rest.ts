// GET /api/patients/:id/casebook.pdf: the subject's casebook as a PDF attachment (the casebook page's
// scope: 404 for a subject outside it, 403 for a role that may not read forms, 401 signed out).
import { Router } from 'express';
import type { CallerFor } from '../../rest-caller.ts';

export function casebookRest(caller: CallerFor) {
  const r = Router();
  r.get('/patients/:id/casebook.pdf', async (req, res) => {
    const file = await caller(req, res).casebook.pdf({ patientId: req.params.id as never });
    res.attachment(file.filename).type(file.contentType).set('Cache-Control', 'private, no-store').send(Buffer.from(file.content, 'base64'));
  });
  return r;
}
