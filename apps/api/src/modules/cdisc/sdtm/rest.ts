// SDTM generation over REST (spec section 7):
//   POST /api/cdisc/export-sdtm                    JSON {studyId, encoding?} -> 202 {runId, status, progress}; the
//                                                  run goes on in the background (poll sdtm.latestRun); encoding
//                                                  of the XPT text: ascii (default), latin1, windows-1252, utf8
//   GET  /api/cdisc/sdtm/:runId/:domain.:format    a stored dataset file (xpt, csv or json), e.g. ae.xpt
//   GET  /api/cdisc/sdtm/:runId/all.zip            Export All Domains: every dataset's .xpt and define.xml
//   GET  /api/cdisc/sdtm/:runId/define.xml         the run's Define-XML 2.1
// 401 signed out, 403 a role that may not export, 400 bad input, 404 a study, run or dataset the user
// cannot see.
import { Router } from 'express';
import { create as contentDisposition } from 'content-disposition';
import type { BlobStore } from '@ctp/db';
import type { CallerFor } from '../../../rest-caller.ts';
import { ZipFile } from 'yazl';

const CONTENT_TYPES: Record<string, string> = {
  xpt: 'application/octet-stream',
  csv: 'text/csv; charset=utf-8',
  json: 'application/json; charset=utf-8',
};

export function sdtmRest(caller: CallerFor, files: BlobStore) {
  const r = Router();
  r.post('/cdisc/export-sdtm', async (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    if (typeof body !== 'object' || Array.isArray(body)) return void res.status(400).json({ error: 'Send a JSON object' });
    // encoding is optional (ASCII by default): the spec's {studyId} payload stays valid
    const run = await caller(req, res).sdtm.exportSdtm({ studyId: body.studyId as number, encoding: body.encoding as 'ascii' | undefined });
    res.status(202).json(run);
  });
  r.get('/cdisc/sdtm/:runId/all.zip', async (req, res) => {
    const archive = await caller(req, res).sdtm.archive({ runId: req.params.runId as never });
    res.set({
      'Content-Type': 'application/zip',
      'Content-Disposition': contentDisposition(archive.fileName, { type: 'attachment' }),
      'Cache-Control': 'private, no-store',
    });
    // yazl streams each entry, deflated, as it is read; a failure after the headers can only cut the download.
    const zip = new ZipFile();
    for (const f of archive.files) zip.addReadStream(files.createReadStream(f.sha256), f.name);
    zip.addBuffer(Buffer.from(archive.defineXml, 'utf8'), 'define.xml');
    zip.end();
    zip.outputStream.on('error', () => res.destroy()).pipe(res);
  });
  r.get('/cdisc/sdtm/:runId/define.xml', async (req, res) => {
    const archive = await caller(req, res).sdtm.archive({ runId: req.params.runId as never });
    res.set({
      'Content-Type': 'application/xml; charset=utf-8',
      'Content-Disposition': contentDisposition('define.xml', { type: 'attachment' }),
      'Cache-Control': 'private, no-store',
    });
    res.send(archive.defineXml);
  });
  r.get('/cdisc/sdtm/:runId/:file', async (req, res) => {
    const m = /^([A-Za-z][A-Za-z0-9]{1,7})\.(xpt|csv|json)$/.exec(req.params.file);
    if (!m) return void res.status(404).json({ error: 'Not found' });
    const info = await caller(req, res).sdtm.fileInfo({ runId: req.params.runId as never, domain: m[1]!, format: m[2] as 'xpt' });
    res.set({
      'Content-Type': CONTENT_TYPES[m[2]!]!,
      'Content-Disposition': contentDisposition(info.fileName, { type: 'attachment' }),
      'Cache-Control': 'private, no-store',
    });
    files.createReadStream(info.sha256).on('error', () => res.destroy()).pipe(res);
  });
  return r;
}
