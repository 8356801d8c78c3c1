// GET /api/patients (spec section 7): the plain array of PatientSummary items (studyId numeric, plus
// studyCode and studyTitle), total in X-Total-Count. Optional query parameters: studyId, siteId,
// status, search, limit (capped), offset.
// GET /api/patients/export.csv: the same filters, the whole filtered list as a CSV attachment, streamed.
// GET /api/patients/{id}/casebook: the subject's visits and form entries.
import { Router } from 'express';
import type { z } from 'zod';
import type { patientListInput, patientFilterInput } from '@ctp/contracts';
import type { CallerFor } from '../../rest-caller.ts';
import { sendStreamed } from '../../http/streamed-file.ts';
import { listQuery } from '../sites/rest-query.ts';

const FILTERS = ['studyId', 'siteId', 'status', 'search'] as const;

export function patientsRest(caller: CallerFor) {
  const r = Router();
  r.get('/patients', async (req, res) => {
    const input = listQuery(req.query, FILTERS) as z.input<typeof patientListInput>;
    const page = await caller(req, res).patients.list(input);
    res.set('X-Total-Count', String(page.total)).json(page.items);
  });
  // A subject's visits with their form entries (values, states, queries, signatures): what an integrator
  // reads to follow one subject, the casebook screen's own answer.
  r.get('/patients/:id/casebook', async (req, res) => {
    res.json(await caller(req, res).casebook.view({ patientId: req.params.id as never }));
  });
  r.get('/patients/export.csv', async (req, res) => {
    const input = listQuery(req.query, FILTERS, false) as z.input<typeof patientFilterInput>;
    // Each page of subjects is written as it comes (bounded memory).
    await sendStreamed(res, await caller(req, res).patients.exportCsvStream(input), 'text/csv; charset=utf-8');
  });
  return r;
}
