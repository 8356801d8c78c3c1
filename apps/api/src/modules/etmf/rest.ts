// The eTMF's REST paths:
//   GET  /api/etmf-documents                 the spec's eTMF document fields, filtered and paged by query
//        parameters (studyId, siteId, status, reviewStatus, search, limit, offset), total in X-Total-Count
//   POST /api/etmf-documents                 multipart: 'file' plus the upload fields -> 201 the document
//   POST /api/etmf-documents/:id/versions    multipart: 'file', version, versionLabel, expiryDate, comment
//   GET  /api/etmf-documents/:id/file        the file (?version=N for an earlier one; ?inline=1 previews a
//        PDF or image in the browser), streamed with its original name and content type, access checked first
import { Router, type Request } from 'express';
import { create as contentDisposition } from 'content-disposition';
import type { z } from 'zod';
import type { documentListInput } from '@ctp/contracts';
import type { CallerFor } from '../../rest-caller.ts';
import type { BlobStore } from '@ctp/db';
import { listQuery } from '../sites/rest-query.ts';
import { uploadReceiver } from '../../http/uploads.ts';

/** Multipart text fields as a procedure input: empty fields are absent ones. */
function fieldsOf(req: Request): Record<string, string> {
  const body = (req.body ?? {}) as Record<string, unknown>;
  return Object.fromEntries(Object.entries(body).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1].trim() !== ''));
}

const PREVIEWABLE = /^(application\/pdf|image\/png|image\/jpeg)$/;

export function etmfRest(caller: CallerFor, files: BlobStore, uploadMaxMb: number) {
  const r = Router();
  const receive = uploadReceiver(files.dir, uploadMaxMb, 'file');

  r.get('/etmf-documents', async (req, res) => {
    const input = listQuery(req.query, ['studyId', 'siteId', 'status', 'reviewStatus', 'search']) as z.input<typeof documentListInput>;
    const page = await caller(req, res).etmf.list(input);
    res.set('X-Total-Count', String(page.total)).json(
      page.items.map((d) => ({
        id: d.id,
        documentName: d.documentName,
        documentType: d.documentType,
        version: d.version,
        status: d.status,
        studyId: d.studyId,
        uploadDate: d.uploadDate,
        lastModified: d.lastModified,
        size: d.size,
        reviewStatus: d.reviewStatus,
        approver: d.approver,
        documentPath: d.documentPath,
        category: d.category,
        code: d.code,
        artifactNumber: d.artifactNumber,
        siteId: d.siteId,
        expiryDate: d.expiryDate,
      })),
    );
  });

  r.post('/etmf-documents', receive, async (req, res) => {
    const fields = fieldsOf(req);
    const doc = await caller(req, res).etmf.upload(fields as never);
    res.status(201).json(doc);
  });

  r.post('/etmf-documents/:id/versions', receive, async (req, res) => {
    const fields = fieldsOf(req);
    const doc = await caller(req, res).etmf.newVersion({ ...fields, documentId: req.params.id, version: Number(fields.version) } as never);
    res.status(201).json(doc);
  });

  r.get('/etmf-documents/:id/file', async (req, res) => {
    const version = typeof req.query.version === 'string' ? req.query.version : undefined;
    const file = await caller(req, res).etmf.fileInfo({ id: req.params.id as never, version: version as never });
    const inline = req.query.inline === '1' && PREVIEWABLE.test(file.contentType);
    if (!(await files.has(file.sha256))) {
      res.status(410).json({ error: 'The stored file is missing from the document storage; restore it from the backup' });
      return;
    }
    res.set({
      'Content-Type': file.contentType,
      'Content-Length': String(file.sizeBytes),
      'Content-Disposition': contentDisposition(file.fileName, { type: inline ? 'inline' : 'attachment' }),
      'Cache-Control': 'private, no-store',
    });
    // The browser's own PDF viewer needs to run in the preview frame; the file is not an HTML page.
    if (inline) res.removeHeader('Content-Security-Policy');
    files.createReadStream(file.sha256).on('error', () => res.destroy()).pipe(res);
  });
  return r;
}
