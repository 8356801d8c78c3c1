// CDISC's test cases of the CORE rules (reference/core-rules/cases, README there): each case's datasets
// read from its CSV files into the interpreter's study, and the official engine's expected results.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import type { StudyDataset, Cell } from '../../src/modules/cdisc/validation/core/types.ts';
import catalogue from '../../../../packages/db/src/reference/cdisc-catalogue.json' with { type: 'json' };

const CLASS_OF = new Map<string, string>(
  (catalogue as { datasets: string[][] }).datasets.filter((d) => d[0] === 'SDTMIG').map((d) => [d[1]!, d[3]!.toUpperCase()]),
);

export interface CaseRow {
  dataset: string;
  record: string;
  variable: string;
  value: string;
}

const read = (file: string) => parse(readFileSync(file, 'utf8'), { columns: true, skip_empty_lines: true, bom: true, relax_column_count: true }) as Record<string, string>[];

export function classOf(name: string): string | null {
  if (name.startsWith('SUPP') || name === 'RELREC' || name === 'RELSUB' || name === 'RELSPEC') return 'RELATIONSHIP';
  return CLASS_OF.get(name) ?? CLASS_OF.get(name.slice(0, 2)) ?? null;
}

/** The datasets of one case folder (…/positive/01 or …/negative/01). */
export function readCaseStudy(dir: string): StudyDataset[] {
  const data = path.join(dir, 'data');
  const listed = existsSync(path.join(data, '_datasets.csv')) ? read(path.join(data, '_datasets.csv')) : [];
  const variables = existsSync(path.join(data, '_variables.csv')) ? read(path.join(data, '_variables.csv')) : [];
  // In the order the case lists them (the engine reports lists of datasets in that order).
  const order = listed.map((l) => `${(l.Filename ?? '').toLowerCase()}.csv`);
  const files = readdirSync(data)
    .filter((f) => f.endsWith('.csv') && !f.startsWith('_'))
    .sort((a, b) => (order.indexOf(a) + 1 || 1e6) - (order.indexOf(b) + 1 || 1e6) || a.localeCompare(b));
  return files.map((file) => {
    const base = file.replace(/\.csv$/, '');
    const name = base.toUpperCase();
    const meta = variables.filter((v) => (v.dataset ?? '').toLowerCase() === base.toLowerCase());
    const rows = read(path.join(data, file));
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
  });
}

export function readCaseResults(dir: string): CaseRow[] {
  const file = path.join(dir, 'results', 'results.csv');
  if (!existsSync(file)) return [];
  return read(file).map((r) => ({ dataset: r.Dataset ?? '', record: r.Record ?? '', variable: r.Variable ?? '', value: r.Value ?? '' }));
}

/** A row's identity for comparison: dataset, record, variable, and the value read as a number when it is one. */
export function rowKey(r: { dataset: string; record: string | number | null; variable: string; value: unknown }): string {
  const text = r.value === null || r.value === undefined ? '' : String(r.value);
  const n = text.trim() !== '' && Number.isFinite(Number(text)) ? String(Number(text)) : text;
  return `${r.dataset.toUpperCase()}|${r.record ?? ''}|${r.variable}|${n}`;
}
