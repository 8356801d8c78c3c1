// GET /api/queries (spec section 7): the spec's Query fields with the spec's values (status open,
// in_progress, resolved; type range_check, missing_data, consistency_check: an API contract), plus the
// stored `lifecycle` and `kind` every screen shows; newest first, total in X-Total-Count. Query parameters: studyId, patientId, priority, search, live, limit (capped), offset.
// GET /api/queries/export.csv: the same filters (plus status, type, submissionId), every matching query as
// CSV, streamed a page at a time.
// For integrators (issue 33): POST /api/queries raises a query on a subject (or one of its form entries);
// POST /api/queries/{id}/{respond|close|reopen|cancel} takes one step of its life, with the record
// version read last ({version, body}); the same procedures, roles and refusals as the screens.
import { Router } from 'express';
import { REST_QUERY_STATUS, REST_QUERY_TYPE, type queryFilterInput, type queryListInput } from '@ctp/contracts';
import type { z } from 'zod';
import type { CallerFor } from '../../rest-caller.ts';
import { sendStreamed } from '../../http/streamed-file.ts';
import { listQuery } from '../sites/rest-query.ts';

/** The query steps a REST client may take, by path segment. */
export const QUERY_STEPS = ['respond', 'close', 'reopen', 'cancel'] as const;

export function queriesRest(caller: CallerFor) {
  const r = Router();
  r.get('/queries', async (req, res) => {
    const input = listQuery(req.query, ['studyId', 'patientId', 'priority', 'search']) as z.input<typeof queryListInput>;
    if (req.query.live === 'true') input.live = true;
    const page = await caller(req, res).queries.list(input);
    res.set('X-Total-Count', String(page.total)).json(
      page.items.map((q) => ({
        id: q.id,
        queryId: q.queryId,
        patientId: q.patientId,
        studyId: q.studyId,
        site: q.center,
        formName: q.formName,
        field: q.field,
        type: REST_QUERY_TYPE[q.kind],
        kind: q.kind,
        priority: q.priority,
        status: REST_QUERY_STATUS[q.lifecycle],
        lifecycle: q.lifecycle,
        description: q.description,
        raisedBy: q.raisedBy ?? 'System',
        raisedAt: q.startDate,
        assignedTo: q.assignedTo,
        dueDate: q.dueDate,
        resolvedAt: q.resolvedAt,
      })),
    );
  });
  r.get('/queries/export.csv', async (req, res) => {
    const input = listQuery(req.query, ['studyId', 'patientId', 'submissionId', 'status', 'priority', 'type', 'search'], false) as z.input<typeof queryFilterInput>;
    if (req.query.live === 'true') input.live = true;
    await sendStreamed(res, await caller(req, res).queries.exportCsvStream(input), 'text/csv; charset=utf-8');
  });
  r.post('/queries', async (req, res) => {
    const created = await caller(req, res).queries.create(req.body);
    res.status(201).json(created);
  });
  for (const step of QUERY_STEPS) {
    r.post(`/queries/:id/${step}`, async (req, res) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const row = await caller(req, res).queries[step]({ ...body, id: req.params.id } as never);
      res.json(row);
    });
  }
  return r;
}
