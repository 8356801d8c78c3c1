// GET /api/studies/:id/odm?siteId=&patientId=&include=audit,signatures,queries: the ODM 1.3.2 clinical
// data file, streamed as it is written (one chunk per page of subjects, with backpressure); `include`
// absent means all three, `include=` (empty) none. 401 signed out, 403 a role that may not export,
// 404 a study, site or subject outside the reader's scope, 400 bad parameters.
import { Router } from 'express';
import type { FormEntriesCsvInput, OdmExportInput } from '@ctp/contracts';
import type { CallerFor } from '../../rest-caller.ts';
import { sendStreamed } from '../../http/streamed-file.ts';

const one = (v: unknown) => (typeof v === 'string' ? v : undefined);

export function clinicalDataRest(caller: CallerFor) {
  const r = Router();
  r.get('/studies/:id/odm', async (req, res) => {
    const include = one(req.query.include);
    const input = {
      studyId: req.params.id,
      siteId: one(req.query.siteId),
      patientId: one(req.query.patientId),
      include: include === undefined ? undefined : include.split(',').filter(Boolean),
    } as unknown as OdmExportInput;
    // A failure after the headers can only cut the download (the file then lacks its closing tag).
    await sendStreamed(res, await caller(req, res).clinicalData.odm(input), 'application/xml; charset=utf-8');
  });
  // GET /api/studies/:id/form-entries.csv?siteId=: the submitted form entries, one row per field value, streamed.
  r.get('/studies/:id/form-entries.csv', async (req, res) => {
    const input = { studyId: req.params.id, siteId: one(req.query.siteId) } as unknown as FormEntriesCsvInput;
    await sendStreamed(res, await caller(req, res).clinicalData.formEntriesCsv(input), 'text/csv; charset=utf-8');
  });
  return r;
}
