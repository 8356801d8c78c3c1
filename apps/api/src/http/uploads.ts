// Receiving one uploaded file (multer): written to a temporary file under a random name in the storage
// directory's .uploads folder (never a name from the client), size-limited, one file per request. The
// handler hands the file to a procedure through the context (RequestInfo.upload) and removes the
// temporary file afterwards, whatever happened.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import multer from 'multer';

export interface UploadedFile {
  /** The temporary file on the server. */
  path: string;
  /** The client's file name, reduced to its last segment (never used as a path). */
  originalName: string;
  size: number;
}

/** The client's name for display and downloads only: its last path segment, without control characters. */
export function displayFileName(name: string): string {
  const last = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const cleaned = last.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (cleaned === '.' || cleaned === '..' ? '' : cleaned).slice(-255) || 'file';
}

/** One file in `field` (or, with maxFiles > 1, up to that many). */
export function uploadReceiver(storageDir: string, maxMb: number, field: string, maxFiles = 1): RequestHandler {
  const dest = path.join(storageDir, '.uploads');
  fs.mkdirSync(dest, { recursive: true });
  const m = multer({
    dest,
    defParamCharset: 'utf8',
    limits: { fileSize: maxMb * 1024 * 1024, files: maxFiles, fields: 30, fieldSize: 16 * 1024, parts: maxFiles + 31 },
  });
  const receive = maxFiles === 1 ? m.single(field) : m.array(field, maxFiles);
  return (req: Request, res: Response, next: NextFunction) => {
    receive(req, res, (err: unknown) => {
      if (err instanceof multer.MulterError) {
        const message =
          err.code === 'LIMIT_FILE_SIZE'
            ? `The file is larger than the ${maxMb} MB limit`
            : err.code === 'LIMIT_UNEXPECTED_FILE'
              ? `Send ${maxFiles === 1 ? 'one file' : `at most ${maxFiles} files`}, in the field '${field}'`
              : 'The upload is not valid';
        res.status(err.code === 'LIMIT_FILE_SIZE' ? 413 : 400).json({ error: message, code: err.code });
        return;
      }
      if (err) return next(err);
      // Remove the temporary files once the response is sent (or the client went away).
      const files = [...(req.file ? [req.file] : []), ...(Array.isArray(req.files) ? req.files : [])];
      if (files.length) res.on('close', () => void Promise.all(files.map((f) => fsp.rm(f.path, { force: true }))));
      next();
    });
  };
}

const asUploaded = (f: Express.Multer.File): UploadedFile => ({ path: f.path, originalName: displayFileName(f.originalname), size: f.size });

/** The request's file as a procedure sees it, if one was sent. */
export function uploadOf(req: Request): UploadedFile | undefined {
  return req.file ? asUploaded(req.file) : undefined;
}

/** The request's files, for a route receiving several. */
export function uploadsOf(req: Request): UploadedFile[] | undefined {
  return Array.isArray(req.files) ? req.files.map(asUploaded) : undefined;
}
