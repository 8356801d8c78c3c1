// An SDTM package as the CORE interpreter reads it, from files (a folder for the command line, the entries
// of an uploaded zip or several uploaded files in the product), behind one interface: readPackageFiles.
// The formats: the layout of CDISC's rule test cases (one CSV per dataset, `_datasets.csv` naming and
// labelling them, `_variables.csv` giving each variable's label, type and length, `.env` naming the
// standard), SAS XPORT v5 files (.xpt), Dataset-JSON 1.1 files (.json, or .ndjson), and an optional
// Define-XML (define*.xml) whose classes and labels fill what a dataset file does not say. A file that
// cannot be read is named with the reason, not skipped.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { sdtmigLibrary } from '@ctp/db';
import { readXpt, XptError } from '../../formats/xpt.ts';
import { readDatasetJson, readDatasetJsonNdjson } from '../../formats/dataset-json.ts';
import { readDefine, type DefineRead } from './read-define.ts';
import type { Cell, StudyDataset } from './types.ts';

export interface PackageReadProblem {
  file: string;
  reason: string;
}

/** One file of a package: its name (the last segment only; never used as a path) and its bytes. */
export interface PackageFile {
  name: string;
  bytes: Uint8Array;
}

export interface ReadPackageResult {
  datasets: StudyDataset[];
  standard?: { product: string; version: string };
  define?: DefineRead;
  problems: PackageReadProblem[];
  /** CSV files a `_datasets.csv` does not list: not datasets of the package (CDISC's engine reads only those listed). */
  unlisted: string[];
}

/** Whether the interpreter reads a file of this name (a dataset, the case layout's lists, a define). */
export const isPackageFileName = (name: string) => /\.(csv|xpt|json|ndjson|xml)$/i.test(name) || name === '.env';

const text = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');

const readCsv = (bytes: Uint8Array) =>
  parse(text(bytes), { columns: true, skip_empty_lines: true, bom: true, relax_column_count: true }) as Record<string, string>[];

/**
 * A custom domain's general observation class from its topic variable, as CDISC's engine reads it when
 * neither the IG nor a define names the class: --OBJ with --TESTCD is Findings About, --TESTCD Findings,
 * --TRT Interventions, --TERM Events.
 */
function classByTopic(name: string, variables: string[]): string | null {
  const has = (suffix: string) => variables.includes(`${name.slice(0, 2)}${suffix}`);
  if (has('TESTCD')) return has('OBJ') ? 'FINDINGS ABOUT' : 'FINDINGS';
  if (has('TRT')) return 'INTERVENTIONS';
  if (has('TERM')) return 'EVENTS';
  return null;
}

/** A dataset's SDTMIG class: RELATIONSHIP for SUPP-- and RELREC, else the IG's class of its domain, else
 *  define.xml's, else (a custom domain) the class its topic variable gives. */
export function classOf(name: string, define?: DefineRead, variables: string[] = []): string | null {
  if (name.startsWith('SUPP') || name === 'RELREC' || name === 'RELSUB' || name === 'RELSPEC') return 'RELATIONSHIP';
  const library = sdtmigLibrary();
  return (library.get(name) ?? library.get(name.slice(0, 2)))?.className ?? define?.datasets.find((d) => d.name === name)?.className ?? classByTopic(name, variables);
}

const defineLabel = (name: string, define?: DefineRead) => define?.datasets.find((d) => d.name === name)?.label ?? '';

function fromCsv(file: PackageFile, listed: Record<string, string>[], variables: Record<string, string>[], define?: DefineRead): StudyDataset {
  const base = file.name.replace(/\.csv$/i, '');
  const name = base.toUpperCase();
  const meta = variables.filter((v) => (v.dataset ?? '').toLowerCase() === base.toLowerCase());
  const rows = readCsv(file.bytes);
  const columns = rows.length ? Object.keys(rows[0]!) : meta.map((m) => m.variable!);
  const typeOf = new Map(meta.map((m) => [m.variable!, m.type === 'Num' ? 'Num' : 'Char']));
  return {
    name,
    fileName: file.name,
    label: listed.find((l) => (l.Filename ?? '').toLowerCase() === base.toLowerCase())?.Label ?? defineLabel(name, define),
    className: classOf(name, define, columns),
    variables: columns.map((c) => {
      const m = meta.find((x) => x.variable === c);
      return { name: c, label: m?.label ?? c, type: (typeOf.get(c) ?? 'Char') as 'Char' | 'Num', length: Number(m?.length ?? 200) };
    }),
    rows: rows.map((r) =>
      Object.fromEntries(
        columns.map((c): [string, Cell] => {
          const v = r[c] ?? '';
          if (v === '') return [c, null];
          // A Num variable holds numbers only: text there ("<5") reads as missing, as the engine reads it (CORE-000732).
          if (typeOf.get(c) === 'Num') return [c, Number.isFinite(Number(v)) ? Number(v) : null];
          return [c, v];
        }),
      ),
    ),
  };
}

/** XPT v5 text is UTF-8 when the writer says nothing; older SAS sessions wrote Windows-1252 (the CDISC pilot's TS). */
function readXptAnyEncoding(bytes: Uint8Array) {
  try {
    return readXpt(bytes);
  } catch (err) {
    if (err instanceof XptError && /not valid UTF-8/.test(err.message)) return readXpt(bytes, { encoding: 'windows-1252' });
    throw err;
  }
}

function fromXpt(file: PackageFile, define?: DefineRead): StudyDataset {
  const x = readXptAnyEncoding(file.bytes);
  const name = x.name.toUpperCase();
  return {
    name,
    fileName: file.name,
    label: x.label || defineLabel(name, define),
    className: classOf(name, define, x.variables.map((v) => v.name)),
    variables: x.variables.map((v) => ({ name: v.name, label: v.label ?? v.name, type: v.type === 'num' ? 'Num' : 'Char', length: v.length })),
    rows: x.rows.map((r) => Object.fromEntries(x.variables.map((v, i) => [v.name, (r[i] ?? null) as Cell]))),
  };
}

function fromDatasetJson(file: PackageFile, define?: DefineRead): StudyDataset {
  const d = /\.ndjson$/i.test(file.name) ? readDatasetJsonNdjson(file.bytes) : readDatasetJson(file.bytes);
  const name = d.name.toUpperCase();
  return {
    name,
    fileName: file.name,
    label: d.label || defineLabel(name, define),
    className: classOf(name, define, d.columns.map((c) => c.name)),
    variables: d.columns.map((c) => ({ name: c.name, label: c.label, type: c.dataType === 'string' ? 'Char' : 'Num', length: c.length ?? 8 })),
    rows: d.rows.map((r) => Object.fromEntries(d.columns.map((c, i) => [c.name, (r[i] ?? null) as Cell]))),
  };
}

/** The standard a package names in its .env (PRODUCT=SDTMIG, VERSION=3-4), as CDISC's cases do. */
function standardOf(env: PackageFile | undefined): { product: string; version: string } | undefined {
  if (!env) return undefined;
  const pairs = Object.fromEntries(text(env.bytes).split(/\r?\n/).map((l) => l.split('=').map((x) => x.trim())).filter((p) => p.length === 2));
  return pairs.PRODUCT && pairs.VERSION ? { product: pairs.PRODUCT, version: pairs.VERSION } : undefined;
}

const reasonOf = (err: unknown) => (err instanceof Error ? err.message.split('\n')[0]!.slice(0, 300) : 'unreadable');

/**
 * The datasets of a package's files, in the order `_datasets.csv` lists them (then by name), its standard,
 * its define (the file given, else one named define*.xml among the files) and what could not be read.
 */
export function readPackageFiles(files: PackageFile[], defineFile?: PackageFile): ReadPackageResult {
  const named = (n: string) => files.find((f) => f.name.toLowerCase() === n);
  const problems: PackageReadProblem[] = [];
  const listed = named('_datasets.csv') ? readCsv(named('_datasets.csv')!.bytes) : [];
  const variables = named('_variables.csv') ? readCsv(named('_variables.csv')!.bytes) : [];
  let define: DefineRead | undefined;
  const defineSource = defineFile ?? files.find((f) => /^define.*\.xml$/i.test(f.name));
  if (defineSource) {
    try {
      define = readDefine(defineSource.bytes);
    } catch (err) {
      problems.push({ file: defineSource.name, reason: reasonOf(err) });
    }
  }
  const order = listed.map((l) => (l.Filename ?? '').toLowerCase());
  const rank = (f: string) => order.indexOf(f.replace(/\.\w+$/, '').toLowerCase()) + 1 || 1e6;
  // A `_datasets.csv` is the case's list of its datasets: a CSV it does not name is not part of the package
  // (CORE-000168's positive case holds LB, OE and TV files its list leaves out, and the engine reads none).
  const isUnlisted = (f: PackageFile) => order.length > 0 && /\.csv$/i.test(f.name) && !order.includes(f.name.replace(/\.csv$/i, '').toLowerCase());
  const candidates = files.filter((f) => /\.(csv|xpt|json|ndjson)$/i.test(f.name) && !f.name.startsWith('_') && !f.name.startsWith('.'));
  const data = candidates.filter((f) => !isUnlisted(f)).sort((a, b) => rank(a.name) - rank(b.name) || a.name.localeCompare(b.name));
  const datasets: StudyDataset[] = [];
  for (const file of data) {
    try {
      if (/\.csv$/i.test(file.name)) datasets.push(fromCsv(file, listed, variables, define));
      else if (/\.xpt$/i.test(file.name)) datasets.push(fromXpt(file, define));
      else datasets.push(fromDatasetJson(file, define));
    } catch (err) {
      problems.push({ file: file.name, reason: reasonOf(err) });
    }
  }
  for (const file of files) {
    if (!isPackageFileName(file.name)) problems.push({ file: file.name, reason: 'not a dataset (XPT, Dataset-JSON or CSV) nor a define.xml' });
    else if (/\.xml$/i.test(file.name) && file !== defineSource) problems.push({ file: file.name, reason: 'not read: the package has one Define-XML, and this is another XML file' });
  }
  return { datasets, standard: standardOf(named('.env')), define, problems, unlisted: candidates.filter(isUnlisted).map((f) => f.name) };
}

/** A folder's package (the command line): its files, and the define named by --define if any. */
export function readPackage(dir: string, definePath?: string): ReadPackageResult {
  const given = definePath ? path.resolve(definePath) : null;
  const files = readdirSync(dir)
    .filter((f) => isPackageFileName(f) && statSync(path.join(dir, f)).isFile() && path.resolve(dir, f) !== given)
    .map((name) => ({ name, bytes: readFileSync(path.join(dir, name)) }));
  const defineFile = definePath && existsSync(definePath) ? { name: path.basename(definePath), bytes: readFileSync(definePath) } : undefined;
  return readPackageFiles(files, defineFile);
}
