// What an uploaded file is, decided by its content as well as its name: the extension must be one the
// caller accepts and the bytes must be that kind of file (file-type reads the magic numbers; a DOCX or
// XLSX is told apart by the parts inside its zip; a legacy DOC is an OLE compound file). Plain text has
// no magic number: it must be valid UTF-8 without NUL bytes. Shared by the eTMF and protocol analysis;
// XML, for the CDISC standards import only, has its own check (checkXmlFile).
import fsp from 'node:fs/promises';
import { fileTypeFromFile } from 'file-type';
import { fieldError } from '../trpc.ts';
import type { UploadedFile } from './uploads.ts';
import { refuseField } from '../refusal.ts';

/** What file-type calls each kind a caller may accept. */
const DETECTED_AS: Record<string, string[]> = {
  pdf: ['pdf'],
  docx: ['docx'],
  doc: ['cfb', 'doc'],
  xlsx: ['xlsx'],
  txt: [],
  png: ['png'],
  jpg: ['jpg'],
  jpeg: ['jpg'],
};

export interface FileRules<E extends string> {
  /** Accepted extensions with the content type each is stored and served with. */
  types: Readonly<Record<E, string>>;
  /** The refusal for any other name, e.g. 'Only PDF, DOCX, DOC and TXT files are accepted'. */
  acceptedMessage: string;
  /** The input field a refusal is reported on. */
  field: string;
}

export interface CheckedFile<E extends string = string> {
  extension: E;
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

export async function checkFileContent<E extends string>(file: UploadedFile | undefined, rules: FileRules<E>): Promise<CheckedFile<E>> {
  if (!file) throw refuseField(rules.field, 'chooseFile');
  if (file.size === 0) throw refuseField(rules.field, 'fileEmpty');
  const extension = file.originalName.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1];
  if (!extension || !Object.hasOwn(rules.types, extension) || !DETECTED_AS[extension]) throw fieldError(rules.field, rules.acceptedMessage);
  const detected = await fileTypeFromFile(file.path);
  const matches = extension === 'txt' ? !detected && (await isPlainText(file.path)) : !!detected && DETECTED_AS[extension]!.includes(detected.ext);
  if (!matches) throw refuseField(rules.field, 'fileNotOfType', { type: extension.toUpperCase() });
  return { extension: extension as E, contentType: rules.types[extension as E] };
}

/**
 * An XML upload (the CDISC standards import only): the name ends in .xml and the content is XML text:
 * UTF-8 without NUL bytes, no binary format file-type recognises, and after an optional byte-order mark
 * and white space it opens with a declaration, comment or element. Well-formedness is the parser's job.
 */
export async function checkXmlFile(file: UploadedFile | undefined, field: string): Promise<void> {
  if (!file) throw refuseField(field, 'chooseFile');
  if (file.size === 0) throw refuseField(field, 'fileEmpty');
  if (!/\.xml$/i.test(file.originalName)) throw refuseField(field, 'onlyXml');
  const detected = await fileTypeFromFile(file.path);
  const notXml = `The file's content is not XML`;
  if ((detected && detected.ext !== 'xml') || !(await isPlainText(file.path))) throw fieldError(field, notXml);
  const handle = await fsp.open(file.path, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(512), 0, 512, 0);
    const head = buffer.subarray(0, bytesRead).toString('utf8').replace(/^\uFEFF/, '').trimStart();
    if (!/^<(\?xml|!--|[A-Za-z_])/.test(head)) throw fieldError(field, notXml);
  } finally {
    await handle.close();
  }
}
