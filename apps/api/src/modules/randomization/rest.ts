// REST for randomization (issue 30 item 7):
//   POST /api/patients/:id/randomize {stratumValues, eligibility, confirmed} -> 201 the randomization
//     number and time, the arm only for callers who see arms (randomization.randomize);
//   GET /api/randomization/allocations?studyId= -> the study's allocations with arms, for administrators
//     and the study's unblinded team only (403 for everyone else);
//   GET /api/randomization/unblindings.csv?studyId= -> the unblinding report as CSV, for the same readers.
// Both work with a personal API token like every REST path.
import { Router } from 'express';
import type { z } from 'zod';
import type { randomizeInput } from '@ctp/contracts';
import type { CallerFor } from '../../rest-caller.ts';

export function randomizationRest(caller: CallerFor) {
  const r = Router();
  r.post('/patients/:id/randomize', async (req, res) => {
    if (!/^\d{1,10}$/.test(req.params.id)) return void res.status(400).json({ error: 'Subject id must be a number' });
    const body = (req.body ?? {}) as Record<string, unknown>;
    if (typeof body !== 'object' || Array.isArray(body)) return void res.status(400).json({ error: 'Send a JSON object' });
    const answer = await caller(req, res).randomization.randomize({ ...body, patientId: Number(req.params.id) } as z.input<typeof randomizeInput>);
    res.status(201).json(answer);
  });
  r.get('/randomization/allocations', async (req, res) => {
    const studyId = typeof req.query.studyId === 'string' ? req.query.studyId : '';
    res.json(await caller(req, res).randomization.allocations({ studyId: studyId as unknown as number }));
  });
  r.get('/randomization/unblindings.csv', async (req, res) => {
    const studyId = typeof req.query.studyId === 'string' ? req.query.studyId : '';
    const file = await caller(req, res).randomization.unblindingsCsv({ studyId: studyId as unknown as number });
    res.attachment(file.filename).type('text/csv; charset=utf-8').set('Cache-Control', 'private, no-store').send(file.content);
  });
  return r;
}
