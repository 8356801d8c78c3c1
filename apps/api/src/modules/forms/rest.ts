// The spec's form REST paths (section 7), thin doors into the procedures:
//   GET  /api/forms?studyId=&status=&search=&limit=&offset=  -> Form[] (X-Total-Count: all matches)
//   POST /api/forms/:id/submit  {patientId, visitDate, formData, submittedBy}  -> 201 the saved submission
// The submitter is always the session's user: a submittedBy naming someone else is ignored (the audit
// trail shows who really submitted). Optional subjectVisitId and formVersionId (a stale one is 409).
import { Router } from 'express';
import type { z } from 'zod';
import type { formListInput } from '@ctp/contracts';
import type { CallerFor } from '../../rest-caller.ts';
import { listQuery } from '../sites/rest-query.ts';

const FILTERS = ['studyId', 'status', 'search'] as const;

export function formsRest(caller: CallerFor) {
  const r = Router();
  r.get('/forms', async (req, res) => {
    const page = await caller(req, res).forms.list(listQuery(req.query, FILTERS) as z.input<typeof formListInput>);
    res.set('X-Total-Count', String(page.total)).json(page.items);
  });
  r.post('/forms/:id/submit', async (req, res) => {
    if (!/^\d{1,10}$/.test(req.params.id)) return void res.status(400).json({ error: 'Form id must be a number' });
    const body = (req.body ?? {}) as Record<string, unknown>;
    if (typeof body !== 'object' || Array.isArray(body)) return void res.status(400).json({ error: 'Send a JSON object' });
    const saved = await caller(req, res).submissions.save({
      formId: Number(req.params.id),
      patientId: body.patientId as number,
      visitDate: body.visitDate as string | undefined,
      formData: body.formData as never,
      subjectVisitId: body.subjectVisitId as number | undefined,
      formVersionId: body.formVersionId as number | undefined,
      submissionId: body.submissionId as number | undefined,
      version: body.version as number | undefined,
      reason: body.reason as string | undefined,
      mode: 'submit',
    });
    res.status(201).json(saved);
  });
  return r;
}
