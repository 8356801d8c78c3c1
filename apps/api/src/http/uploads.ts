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

export function uploadReceiver(storageDir: string, maxMb: number, field: string): RequestHandler {
  const dest = path.join(storageDir, '.uploads');
  fs.mkdirSync(dest, { recursive: true });
  const receive = multer({
    dest,
    defParamCharset: 'utf8',
    limits: { fileSize: maxMb * 1024 * 1024, files: 1, fields: 30, fieldSize: 16 * 1024, parts: 32 },
  }).single(field);
  return (req: Request, res: Response, next: NextFunction) => {
    receive(req, res, (err: unknown) => {
      if (err instanceof multer.MulterError) {
        const message =
          err.code === 'LIMIT_FILE_SIZE'
            ? `The file is larger than the ${maxMb} MB limit`
            : err.code === 'LIMIT_UNEXPECTED_FILE'
              ? `Send one file, in the field '${field}'`
              : 'The upload is not valid';
        res.status(err.code === 'LIMIT_FILE_SIZE' ? 413 : 400).json({ error: message, code: err.code });
        return;
      }
      if (err) return next(err);
      // Remove the temporary file once the response is sent (or the client went away).
      const file = req.file;
      if (file) res.on('close', () => void fsp.rm(file.path, { force: true }));
      next();
    });
  };
}

/** The request's file as a procedure sees it, if one was sent. */
export function uploadOf(req: Request): UploadedFile | undefined {
  const f = req.file;
  return f ? { path: f.path, originalName: displayFileName(f.originalname), size: f.size } : undefined;
}
