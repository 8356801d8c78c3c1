// GET /api/sites (spec section 7): the plain array of SiteSummary items, total in X-Total-Count.
// Optional query parameters: studyId, siteId, status, search, limit (capped), offset.
import { Router } from 'express';
import type { z } from 'zod';
import type { siteListInput } from '@ctp/contracts';
import type { CallerFor } from '../../rest-caller.ts';
import { listQuery } from './rest-query.ts';

export function sitesRest(caller: CallerFor) {
  const r = Router();
  r.get('/sites', async (req, res) => {
    const input = listQuery(req.query, ['studyId', 'siteId', 'status', 'search']) as z.input<
      typeof siteListInput
    >;
    const page = await caller(req, res).sites.list(input);
    res.set('X-Total-Count', String(page.total)).json(page.items);
  });
  return r;
}
