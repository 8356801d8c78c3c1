// What an uploaded package is made of, checked by content as well as by name before anything is stored:
// a zip (file-type must read it as a zip; its entries bounded, see zip-entries.ts) or single files, each
// an XPT v5 transport file (it opens with the SAS library header record), Dataset-JSON (.json/.ndjson:
// UTF-8 text opening with '{'), CSV (UTF-8 text without NUL bytes) or a define.xml (text opening with
// '<'). A file whose content is not its kind is refused (400) and nothing is validated. Within that, a
// dataset that then cannot be read (a truncated XPT, invalid JSON) is a finding of the package.
import fsp from 'node:fs/promises';
import { fileTypeFromBuffer } from 'file-type';
import type { UploadedFile } from '../../../../http/uploads.ts';
import { readZipEntries, ZipRefusal, type ZipBounds } from './zip-entries.ts';

export interface PackageUploadFile {
  name: string;
  bytes: Buffer;
}

export interface CheckedPackage {
  /** The files the validator reads (datasets, the case layout's lists, define.xml). */
  files: PackageUploadFile[];
  /** Entries of a zip that are not part of a package (a stylesheet, a PDF): listed in the report, not read. */
  ignored: { name: string; size: number }[];
  packageName: string;
}

export class PackageRefusal extends Error {}

const XPT_HEADER = 'HEADER RECORD*******LIBRARY HEADER RECORD!!!!!!!';
const KINDS = ['zip', 'xpt', 'json', 'ndjson', 'csv', 'xml'] as const;
type Kind = (typeof KINDS)[number];

export const kindOf = (name: string): Kind | null => {
  const ext = name.toLowerCase().match(/\.([a-z]+)$/)?.[1];
  return (KINDS as readonly string[]).includes(ext ?? '') ? (ext as Kind) : null;
};

function isUtf8Text(bytes: Buffer): boolean {
  const head = bytes.subarray(0, 1024 * 1024);
  if (head.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return true;
  } catch {
    return false;
  }
}

const firstChar = (bytes: Buffer) => bytes.subarray(0, 512).toString('utf8').replace(/^\uFEFF/, '').trimStart().charAt(0);

/** Whether the bytes are the kind the name says (a zip is checked before this, by file-type). */
export function contentMatches(kind: Exclude<Kind, 'zip'>, bytes: Buffer): boolean {
  if (kind === 'xpt') return bytes.subarray(0, XPT_HEADER.length).toString('latin1') === XPT_HEADER;
  if (!isUtf8Text(bytes)) return false;
  if (kind === 'json' || kind === 'ndjson') return firstChar(bytes) === '{';
  if (kind === 'xml') return firstChar(bytes) === '<';
  return true;
}

/** The case layout's .env has no extension: it may come in a zip (CDISC's case folders zipped). */
const isEnv = (name: string) => name === '.env';

export async function checkPackageUpload(uploads: UploadedFile[], bounds: ZipBounds): Promise<CheckedPackage> {
  const files: PackageUploadFile[] = [];
  const ignored: { name: string; size: number }[] = [];
  for (const upload of uploads) {
    const kind = kindOf(upload.originalName);
    if (!kind) throw new PackageRefusal(`${upload.originalName}: only a zip, XPT, Dataset-JSON (.json, .ndjson), CSV or define.xml file is accepted`);
    if (upload.size === 0) throw new PackageRefusal(`${upload.originalName} is empty`);
    const bytes = await fsp.readFile(upload.path);
    if (kind === 'zip') {
      if ((await fileTypeFromBuffer(bytes.subarray(0, 4100)))?.ext !== 'zip') throw new PackageRefusal(`${upload.originalName} is not a zip file`);
      let entries;
      try {
        entries = await readZipEntries(upload.path, bounds);
      } catch (err) {
        if (err instanceof ZipRefusal) throw new PackageRefusal(`${upload.originalName}: ${err.message}`);
        throw err;
      }
      for (const e of entries) {
        const k = kindOf(e.name);
        if (isEnv(e.name)) files.push(e);
        else if (!k || k === 'zip') ignored.push({ name: e.name, size: e.bytes.length });
        else if (!contentMatches(k, e.bytes)) throw new PackageRefusal(`${upload.originalName}: ${e.name} is not a ${k.toUpperCase()} file`);
        else files.push(e);
      }
    } else {
      if (!contentMatches(kind, bytes)) throw new PackageRefusal(`${upload.originalName} is not a ${kind.toUpperCase()} file`);
      files.push({ name: upload.originalName, bytes });
    }
  }
  const seen = new Set<string>();
  for (const f of files) {
    const key = f.name.toLowerCase();
    if (seen.has(key)) throw new PackageRefusal(`The package holds two files named ${f.name}`);
    seen.add(key);
  }
  if (!files.some((f) => /\.(xpt|json|ndjson|csv)$/i.test(f.name) && !f.name.startsWith('_'))) throw new PackageRefusal('The package holds no dataset (XPT, Dataset-JSON or CSV)');
  const first = uploads[0]!.originalName;
  const packageName = uploads.length === 1 ? first : `${first} + ${uploads.length - 1}`;
  return { files, ignored, packageName: packageName.slice(0, 255) };
}
