// An SDTM package from a folder, as the CORE interpreter reads it: the layout of CDISC's rule test cases
// (one CSV per dataset, `_datasets.csv` naming and labelling them, `_variables.csv` giving each variable's
// label, type and length), SAS XPORT files (.xpt) or Dataset-JSON files (.json). A file that cannot be
// read is named with the reason, not skipped.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { sdtmigLibrary } from '@ctp/db';
import { readXpt } from '../../formats/xpt.ts';
import { readDatasetJson } from '../../formats/dataset-json.ts';
import type { Cell, StudyDataset } from './types.ts';

export interface PackageReadProblem {
  file: string;
  reason: string;
}

const readCsv = (file: string) =>
  parse(readFileSync(file, 'utf8'), { columns: true, skip_empty_lines: true, bom: true, relax_column_count: true }) as Record<string, string>[];

/** A dataset's SDTMIG class: RELATIONSHIP for SUPP-- and RELREC, else the IG's class of its domain. */
export function classOf(name: string): string | null {
  if (name.startsWith('SUPP') || name === 'RELREC' || name === 'RELSUB' || name === 'RELSPEC') return 'RELATIONSHIP';
  const library = sdtmigLibrary();
  return (library.get(name) ?? library.get(name.slice(0, 2)))?.className ?? null;
}

function fromCsv(dir: string, file: string, listed: Record<string, string>[], variables: Record<string, string>[]): StudyDataset {
  const base = file.replace(/\.csv$/i, '');
  const name = base.toUpperCase();
  const meta = variables.filter((v) => (v.dataset ?? '').toLowerCase() === base.toLowerCase());
  const rows = readCsv(path.join(dir, file));
  const columns = rows.length ? Object.keys(rows[0]!) : meta.map((m) => m.variable!);
  const typeOf = new Map(meta.map((m) => [m.variable!, m.type === 'Num' ? 'Num' : 'Char']));
  return {
    name,
    fileName: file,
    label: listed.find((l) => (l.Filename ?? '').toLowerCase() === base.toLowerCase())?.Label ?? '',
    className: classOf(name),
    variables: columns.map((c) => {
      const m = meta.find((x) => x.variable === c);
      return { name: c, label: m?.label ?? c, type: (typeOf.get(c) ?? 'Char') as 'Char' | 'Num', length: Number(m?.length ?? 200) };
    }),
    rows: rows.map((r) =>
      Object.fromEntries(
        columns.map((c): [string, Cell] => {
          const v = r[c] ?? '';
          if (v === '') return [c, null];
          if (typeOf.get(c) === 'Num' && Number.isFinite(Number(v))) return [c, Number(v)];
          return [c, v];
        }),
      ),
    ),
  };
}

function fromXpt(dir: string, file: string): StudyDataset {
  const x = readXpt(readFileSync(path.join(dir, file)));
  const name = x.name.toUpperCase();
  return {
    name,
    fileName: file,
    label: x.label ?? '',
    className: classOf(name),
    variables: x.variables.map((v) => ({ name: v.name, label: v.label ?? v.name, type: v.type === 'num' ? 'Num' : 'Char', length: v.length })),
    rows: x.rows.map((r) => Object.fromEntries(x.variables.map((v, i) => [v.name, (r[i] ?? null) as Cell]))),
  };
}

function fromDatasetJson(dir: string, file: string): StudyDataset {
  const d = readDatasetJson(readFileSync(path.join(dir, file)));
  const name = d.name.toUpperCase();
  return {
    name,
    fileName: file,
    label: d.label ?? '',
    className: classOf(name),
    variables: d.columns.map((c) => ({ name: c.name, label: c.label, type: c.dataType === 'string' ? 'Char' : 'Num', length: c.length ?? 8 })),
    rows: d.rows.map((r) => Object.fromEntries(d.columns.map((c, i) => [c.name, (r[i] ?? null) as Cell]))),
  };
}

/** The standard a folder names in its .env (PRODUCT=SDTMIG, VERSION=3-4), as CDISC's cases do. */
function standardOf(dir: string): { product: string; version: string } | undefined {
  const file = path.join(dir, '.env');
  if (!existsSync(file)) return undefined;
  const env = Object.fromEntries(readFileSync(file, 'utf8').split(/\r?\n/).map((l) => l.split('=').map((x) => x.trim())).filter((p) => p.length === 2));
  return env.PRODUCT && env.VERSION ? { product: env.PRODUCT, version: env.VERSION } : undefined;
}

/** The datasets of a folder, in the order `_datasets.csv` lists them (then by name), its standard, and what could not be read. */
export function readPackage(dir: string): { datasets: StudyDataset[]; standard?: { product: string; version: string }; problems: PackageReadProblem[] } {
  const listed = existsSync(path.join(dir, '_datasets.csv')) ? readCsv(path.join(dir, '_datasets.csv')) : [];
  const variables = existsSync(path.join(dir, '_variables.csv')) ? readCsv(path.join(dir, '_variables.csv')) : [];
  const order = listed.map((l) => (l.Filename ?? '').toLowerCase());
  const rank = (f: string) => order.indexOf(f.replace(/\.\w+$/, '').toLowerCase()) + 1 || 1e6;
  const files = readdirSync(dir)
    .filter((f) => /\.(csv|xpt|json)$/i.test(f) && !f.startsWith('_') && !f.startsWith('.'))
    .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  const datasets: StudyDataset[] = [];
  const problems: PackageReadProblem[] = [];
  for (const file of files) {
    try {
      if (/\.csv$/i.test(file)) datasets.push(fromCsv(dir, file, listed, variables));
      else if (/\.xpt$/i.test(file)) datasets.push(fromXpt(dir, file));
      else datasets.push(fromDatasetJson(dir, file));
    } catch (err) {
      problems.push({ file, reason: err instanceof Error ? err.message.split('\n')[0]!.slice(0, 300) : 'unreadable' });
    }
  }
  return { datasets, standard: standardOf(dir), problems };
}
