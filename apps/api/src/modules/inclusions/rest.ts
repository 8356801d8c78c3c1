// GET /api/studies/{id}/inclusions.csv?search=&archived=true&ids=1,2: the inclusions list's export (the visit
// grid by subject code) streamed a page at a time; `ids` the ticked subjects, absent every match.
import { Router } from 'express';
import type { z } from 'zod';
import type { inclusionExportInput } from '@ctp/contracts';
import type { CallerFor } from '../../rest-caller.ts';
import { sendStreamed } from '../../http/streamed-file.ts';

const one = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);

export function inclusionsRest(caller: CallerFor) {
  const r = Router();
  r.get('/studies/:id/inclusions.csv', async (req, res) => {
    const ids = one(req.query.ids);
    const input = {
      studyId: req.params.id,
      search: one(req.query.search),
      archived: req.query.archived === 'true',
      selection: ids === undefined ? { all: true } : { ids: ids.split(',') },
    } as unknown as z.input<typeof inclusionExportInput>;
    await sendStreamed(res, await caller(req, res).inclusions.exportCsvStream(input), 'text/csv; charset=utf-8');
  });
  return r;
}
