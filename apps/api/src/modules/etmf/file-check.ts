// What an uploaded file is, decided by its content as well as its name: the extension must be one the
// eTMF accepts and the bytes must be that kind of file (file-type reads the magic numbers; a DOCX or
// XLSX is told apart by the parts inside its zip; a legacy DOC is an OLE compound file). Plain text has
// no magic number: it must be valid UTF-8 without NUL bytes.
import fsp from 'node:fs/promises';
import { fileTypeFromFile } from 'file-type';
import { ETMF_FILE_TYPES, type EtmfExtension } from '@ctp/contracts';
import { fieldError } from '../../trpc.ts';
import type { UploadedFile } from '../../http/uploads.ts';

/** What file-type calls each accepted kind. */
const DETECTED_AS: Record<EtmfExtension, string[]> = {
  pdf: ['pdf'],
  docx: ['docx'],
  doc: ['cfb', 'doc'],
  xlsx: ['xlsx'],
  txt: [],
  png: ['png'],
  jpg: ['jpg'],
  jpeg: ['jpg'],
};

export const ACCEPTED_TYPES_MESSAGE = 'Only PDF, DOCX, DOC, XLSX, TXT, PNG and JPEG files are accepted';

export interface CheckedFile {
  extension: EtmfExtension;
  contentType: string;
}

async function isPlainText(path: string): Promise<boolean> {
  const handle = await fsp.open(path, 'r');
  try {
    const buffer = Buffer.alloc(1024 * 1024);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    const head = buffer.subarray(0, bytesRead);
    if (head.includes(0)) return false;
    // A cut in the middle of a multi-byte character at the 1 MB mark is not an error.
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return true;
  } catch {
    return false;
  } finally {
    await handle.close();
  }
}

export async function checkUploadedFile(file: UploadedFile | undefined): Promise<CheckedFile> {
  if (!file) throw fieldError('file', 'Choose a file to upload');
  if (file.size === 0) throw fieldError('file', 'The file is empty');
  const extension = file.originalName.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1] as EtmfExtension | undefined;
  if (!extension || !(extension in ETMF_FILE_TYPES)) throw fieldError('file', ACCEPTED_TYPES_MESSAGE);
  const detected = await fileTypeFromFile(file.path);
  const matches = extension === 'txt' ? !detected && (await isPlainText(file.path)) : !!detected && DETECTED_AS[extension].includes(detected.ext);
  if (!matches) throw fieldError('file', `The file's content is not a ${extension.toUpperCase()} file`);
  return { extension, contentType: ETMF_FILE_TYPES[extension] };
}
