// GET /api/audit-trail (spec section 7): the spec's audit entry fields (id, timestamp, userId, userName,
// action, table, recordId, field, oldValue, newValue, reason, ipAddress), one per changed field, newest
// first; the next page's cursor in X-Next-Cursor (pass it back as ?cursor=). Parameters: studyId,
// patientId, userId, table, operation, from, to, cursor, limit (at most 100).
// GET /api/studies/{id}/audit-trail.csv: the compliance page's audit trail download for one study, streamed
// a page at a time (the compliance page's rights: report.export and audit.read in that study).
import { Router } from 'express';
import type { z } from 'zod';
import type { auditListInput } from '@ctp/contracts';
import type { CallerFor } from '../../rest-caller.ts';
import { listQuery } from '../sites/rest-query.ts';
import { sendStreamed } from '../../http/streamed-file.ts';

const FILTERS = ['studyId', 'patientId', 'userId', 'table', 'operation', 'from', 'to', 'cursor', 'limit'] as const;

export function auditRest(caller: CallerFor) {
  const r = Router();
  r.get('/audit-trail', async (req, res) => {
    const page = await caller(req, res).audit.trail(listQuery(req.query, FILTERS, false) as z.input<typeof auditListInput>);
    if (page.nextCursor) res.set('X-Next-Cursor', page.nextCursor);
    res.json(
      page.items.map((e) => ({
        id: e.id,
        timestamp: e.timestamp,
        userId: e.userId,
        userName: e.userName,
        action: e.action,
        table: e.table,
        recordId: e.recordId,
        field: e.field,
        oldValue: e.oldValue,
        newValue: e.newValue,
        reason: e.reason,
        ipAddress: e.ipAddress,
      })),
    );
  });
  r.get('/studies/:id/audit-trail.csv', async (req, res) => {
    const file = await caller(req, res).compliance.auditTrailCsvStream({ studyId: req.params.id as never });
    await sendStreamed(res, file, 'text/csv; charset=utf-8');
  });
  return r;
}
