// The spec's study REST paths (section 7): thin doors into studies.list and studies.byId.
//   GET /api/studies?search=&status=&siteId=&limit=&offset=  -> Study[] (X-Total-Count: all matches)
//   GET /api/studies/:id                                     -> study detail; 400 non-numeric id, 404 unknown
import { Router } from 'express';
import { MAX_LIST_LIMIT } from '@ctp/contracts';
import type { CallerFor } from '../../rest-caller.ts';

const single = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);

export function studiesRest(caller: CallerFor) {
  const r = Router();
  r.get('/studies', async (req, res) => {
    const limit = single(req.query.limit);
    const page = await caller(req, res).studies.list({
      search: single(req.query.search),
      status: single(req.query.status) as any,
      siteId: single(req.query.siteId) as any,
      // A limit above the maximum is capped rather than refused; a non-number still answers 400.
      limit: (limit && /^\d+$/.test(limit) ? Math.min(Number(limit), MAX_LIST_LIMIT) : limit) as any,
      offset: single(req.query.offset) as any,
    });
    res.set('X-Total-Count', String(page.total));
    res.json(page.items);
  });
  r.get('/studies/:id', async (req, res) => {
    if (!/^\d+$/.test(req.params.id)) return void res.status(400).json({ error: 'Study id must be a number' });
    res.json(await caller(req, res).studies.byId({ id: Number(req.params.id) }));
  });
  return r;
}
