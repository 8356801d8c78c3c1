// CDISC's test cases of the CORE rules (reference/core-rules/cases, README there): each case's datasets
// read as the validator reads a package folder, and the official engine's expected results.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import type { Study } from '../../src/modules/cdisc/validation/core/operations.ts';
import { readPackage } from '../../src/modules/cdisc/validation/core/read-package.ts';
import { runRule } from '../../src/modules/cdisc/validation/core/run-rule.ts';
import type { CoreRule } from '../../src/modules/cdisc/validation/core/types.ts';

export interface CaseRow {
  dataset: string;
  record: string;
  variable: string;
  value: string;
}

/** The study of one case folder (…/positive/01 or …/negative/01): its datasets and the standard it names. */
export function readCaseStudy(dir: string): Study {
  const { datasets, standard, problems } = readPackage(path.join(dir, 'data'));
  if (problems.length) throw new Error(`${dir}: ${problems.map((p) => `${p.file}: ${p.reason}`).join('; ')}`);
  return { datasets, standard };
}

export function readCaseResults(dir: string): CaseRow[] {
  const file = path.join(dir, 'results', 'results.csv');
  if (!existsSync(file)) return [];
  const rows = parse(readFileSync(file, 'utf8'), { columns: true, skip_empty_lines: true, bom: true, relax_column_count: true }) as Record<string, string>[];
  return rows.map((r) => ({ dataset: r.Dataset ?? '', record: r.Record ?? '', variable: r.Variable ?? '', value: r.Value ?? '' }));
}

/** A row's identity for comparison: dataset, record, variable, and the value read as a number when it is one. */
export function rowKey(r: { dataset: string; record: string | number | null; variable: string; value: unknown }): string {
  const text = r.value === null || r.value === undefined ? '' : String(r.value);
  const n = text.trim() !== '' && Number.isFinite(Number(text)) ? String(Number(text)) : text;
  return `${r.dataset.toUpperCase()}|${r.record ?? ''}|${r.variable}|${n}`;
}

/** One rule on one case: not run (with the reason), or our rows and the engine's, each sorted and unique; a
 *  case whose results folder holds no results.csv (CDISC published none) has nothing to compare with. */
export function compareCase(rule: CoreRule, dir: string) {
  if (!existsSync(path.join(dir, 'results', 'results.csv'))) return { status: 'no result' as const };
  const outcome = runRule(rule, readCaseStudy(dir));
  if (outcome.status === 'not run') return { status: 'not run' as const, reason: outcome.reason };
  const got = [...new Set(outcome.findings.map((f) => rowKey(f)))].sort();
  const want = [...new Set(readCaseResults(dir).map((r) => rowKey(r)))].sort();
  return { status: 'run' as const, got, want, agrees: JSON.stringify(got) === JSON.stringify(want) };
}
