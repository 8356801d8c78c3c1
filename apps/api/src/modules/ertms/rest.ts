// GET /api/regulatory-submissions (spec section 7): the spec's regulatory submission fields, scoped to
// the user's studies, filtered and paged by query parameters (studyId, agency, status, priority,
// typeCode, search, limit, offset; overdue=true), total in X-Total-Count.
import { Router } from 'express';
import type { z } from 'zod';
import type { submissionListInput } from '@ctp/contracts';
import type { CallerFor } from '../../rest-caller.ts';
import { listQuery } from '../sites/rest-query.ts';

export function ertmsRest(caller: CallerFor) {
  const r = Router();
  r.get('/regulatory-submissions', async (req, res) => {
    const input = listQuery(req.query, ['studyId', 'agency', 'status', 'priority', 'typeCode', 'search']) as z.input<typeof submissionListInput>;
    if (req.query.overdue === 'true') input.overdue = true;
    const page = await caller(req, res).ertms.list(input);
    res.set('X-Total-Count', String(page.total)).json(
      page.items.map((s) => ({
        id: s.id,
        submissionType: s.submissionType,
        submissionNumber: s.submissionNumber,
        studyId: s.studyId,
        status: s.status,
        agency: s.agency,
        submittedDate: s.submittedDate,
        dueDate: s.dueDate,
        responseDate: s.responseDate,
        priority: s.priority,
        documents: s.documents,
        reviewer: s.reviewer,
        currentStep: s.currentStep,
        title: s.title,
        daysToDue: s.daysToDue,
        daysUnderReview: s.daysUnderReview,
        overdue: s.overdue,
      })),
    );
  });
  return r;
}
