// Validating an uploaded SDTM package over REST:
//   POST /api/cdisc/core-validations                       multipart: studyId, and the package in the field
//                                                         'files' (a zip, or XPT / Dataset-JSON / CSV files
//                                                         with an optional define.xml) -> 202 {validationId};
//                                                         the job goes on in the background (poll corePackage.byId)
//   GET  /api/cdisc/core-validations/:id/report.csv       the findings as CSV
//   GET  /api/cdisc/core-validations/:id/report.xlsx      the report as Excel, like CDISC's engine report
// 401 signed out, 403 a role that may not (upload: cdisc.export), 400 a file that is not what its name says,
// a zip bomb or a path outside the zip, 413 a file over UPLOAD_MAX_MB, 404 a validation the user cannot see,
// 409 a report of a validation still running.
import { Router } from 'express';
import { create as contentDisposition } from 'content-disposition';
import { CORE_PACKAGE_MAX_FILES, CORE_PACKAGE_UPLOAD_FIELD } from '@ctp/contracts';
import type { CallerFor } from '../../../../rest-caller.ts';
import { uploadReceiver } from '../../../../http/uploads.ts';
import { reportCsv, writeReportXlsx } from './report.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function corePackageRest(caller: CallerFor, storageDir: string, uploadMaxMb: number) {
  const r = Router();
  r.post('/cdisc/core-validations', uploadReceiver(storageDir, uploadMaxMb, CORE_PACKAGE_UPLOAD_FIELD, CORE_PACKAGE_MAX_FILES), async (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const started = await caller(req, res).corePackage.upload({ studyId: body.studyId as number });
    res.status(202).json(started);
  });
  r.get('/cdisc/core-validations/:id/report.:format', async (req, res) => {
    const format = req.params.format;
    if (format !== 'csv' && format !== 'xlsx') return void res.status(404).json({ error: 'Not found' });
    const report = await caller(req, res).corePackage.report({ validationId: req.params.id as never });
    const fileName = `core-report-${report.validation.id}.${format}`;
    res.set({ 'Content-Disposition': contentDisposition(fileName, { type: 'attachment' }), 'Cache-Control': 'private, no-store' });
    if (format === 'csv') return void res.type('text/csv; charset=utf-8').send(reportCsv(report));
    res.type(XLSX);
    await writeReportXlsx(report, res);
  });
  return r;
}
