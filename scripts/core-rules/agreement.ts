/**
 * The CORE interpreter's agreement with CDISC's engine, per rule: runs every rule that has test cases in
 * ../shared/reference/core-rules/cases (or --cases DIR) and writes docs/core-rules-agreement.md (or --out
 * FILE): for each rule and case (positive, negative) whether the findings are exactly the engine's rows,
 * differ (with the counts), or the rule did not run (with the reason).
 *
 *   npx tsx scripts/core-rules/agreement.ts [--cases DIR] [--out FILE]
 */
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { sdtmigRules } from '../../apps/api/src/modules/cdisc/validation/core/load-rules.ts';
import { compareCase } from '../../apps/api/test/support/core-cases.ts';
import type { CoreRule } from '../../apps/api/src/modules/cdisc/validation/core/types.ts';
import { EXPLAINED } from './explained.ts';

/** What the case's rule.yml (the rule as CDISC authored it with the case) says about its output. */
function authored(id: string): { outputs: string[]; sensitivity: string | null } | null {
  const file = path.join(values.cases, id, 'rule.yml');
  if (!existsSync(file)) return null;
  const text = readFileSync(file, 'utf8');
  const block = /\n {2}Output Variables:\n((?: {4}- .*\n)+)/.exec(text);
  const outputs = block ? block[1]!.split('\n').filter(Boolean).map((l) => l.replace(/^ {4}- /, '').replace(/["']/g, '').trim()) : [];
  return { outputs, sensitivity: /\nSensitivity: (\w+)/.exec(text)?.[1] ?? null };
}

/** A row with the members of its list value (['QS1', 'QSAE']) sorted. */
const sortedLists = (row: string) =>
  row.replace(/\[(.*)\]$/, (_m, inner: string) => `[${inner.split(', ').sort().join(', ')}]`);

/**
 * Why a case differs, from what the material says: the case authored with another output list or
 * sensitivity than the rule exported (the engine's rows follow the case), a rule CDISC marks as possibly
 * over- or under-reporting, else an open difference of the interpreter (counts of rows each side only).
 */
function whyDiffers(rule: CoreRule, got: string[], want: string[]): string {
  const a = authored(rule.core_id);
  const exported = rule.output_variables ?? [];
  if (a && a.outputs.join(',') !== exported.join(',')) return `case authored with output variables [${a.outputs.join(', ')}], the exported rule lists [${exported.join(', ')}]`;
  if (a?.sensitivity && rule.sensitivity && a.sensitivity !== rule.sensitivity) return `case authored with sensitivity ${a.sensitivity}, the exported rule has ${rule.sensitivity}`;
  if ((rule.executability ?? '').startsWith('partially')) return `CDISC marks the rule "${rule.executability}"`;
  const engineError = want.find((w) => w.split('|')[2] === 'EXECUTION_ERROR');
  if (engineError) return `the engine's results hold its own execution error on this case (${engineError.split('|').slice(3).join('|').split('\n')[0]!.slice(0, 160)}), not findings`;
  const blank = (w: string) => /^[^|]*\|\|\|$/.test(w);
  if (want.some(blank) && JSON.stringify(got) === JSON.stringify(want.filter((w) => !blank(w)))) {
    return `the engine's results add a row naming dataset ${want.find(blank)!.split('|')[0]} with no record, variable or value (no output variable gives it); every other row agrees`;
  }
  if (JSON.stringify(got.map(sortedLists)) === JSON.stringify(want.map(sortedLists).sort()) && got.length === want.length) {
    return 'the same rows, a list value printed with its members in another order (the engine prints a Python set, whose order is its own)';
  }
  if (EXPLAINED[rule.core_id]) return EXPLAINED[rule.core_id]!;
  const g = new Set(got);
  const w = new Set(want);
  return `open: ${got.filter((x) => !w.has(x)).length} rows only here, ${want.filter((x) => !g.has(x)).length} only the engine's`;
}
const reasons = new Map<string, number>();
const reasonGroup = (why: string) =>
  Object.values(EXPLAINED).includes(why)
    ? 'the case\'s data or the engine\'s results explain it (scripts/core-rules/explained.ts, the reason in the rule\'s row)'
    : why.replace(/\[.*?\]/g, '[…]').replace(/sensitivity \w+, the exported rule has \w+/, 'another sensitivity').replace(/: \d+ rows only here, \d+ only the engine's/, '').replace(/"partially executable - possible (\w+)"/, 'possibly $1').replace(/execution error on this case \(.*\)/, 'execution error on this case (…)').replace(/naming dataset \w+/, 'naming a dataset');

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const { values } = parseArgs({
  options: {
    cases: { type: 'string', default: path.resolve(ROOT, '../shared/reference/core-rules/cases') },
    out: { type: 'string', default: path.join(ROOT, 'docs/core-rules-agreement.md') },
  },
});
if (!existsSync(values.cases)) {
  console.error(`no cases at ${values.cases}`);
  process.exit(2);
}

const rules = new Map(sdtmigRules().map((r) => [r.core_id, r]));
const lines: string[] = [];
const tally = { agree: 0, differ: 0, notRun: 0, noResult: 0 };
for (const id of readdirSync(values.cases).filter((d) => d.startsWith('CORE-')).sort()) {
  const rule = rules.get(id);
  const cells: string[] = [];
  for (const kind of ['positive', 'negative']) {
    const dir = path.join(values.cases, id, kind, '01');
    if (!existsSync(dir)) {
      cells.push('no case');
      continue;
    }
    if (!rule) {
      cells.push('rule not in the 3.4 file');
      continue;
    }
    const result = compareCase(rule, dir);
    if (result.status === 'no result') {
      tally.noResult++;
      cells.push('no result published (the case\'s results folder is empty)');
      continue;
    }
    if (result.status === 'not run') {
      tally.notRun++;
      reasons.set('not run (the reason given)', (reasons.get('not run (the reason given)') ?? 0) + 1);
      cells.push(`not run: ${result.reason.replace(/\|/g, '/')}`);
      continue;
    }
    const same = result.agrees;
    if (same) tally.agree++;
    else tally.differ++;
    if (same) cells.push(`agrees (${result.want.length} rows)`);
    else {
      const why = whyDiffers(rule, result.got, result.want);
      reasons.set(reasonGroup(why), (reasons.get(reasonGroup(why)) ?? 0) + 1);
      cells.push(`differs: ${result.got.length} rows, engine ${result.want.length}; ${why.replace(/\|/g, '/')}`);
    }
  }
  lines.push(`| ${id} | ${rule?.rule_type ?? ''} | ${rule?.sensitivity ?? ''} | ${cells.join(' | ')} |`);
}

const total = tally.agree + tally.differ + tally.notRun + tally.noResult;
writeFileSync(
  values.out,
  [
    '# CORE rules: agreement with CDISC\'s engine, per rule',
    '',
    `Generated by \`npx tsx scripts/core-rules/agreement.ts\` from CDISC's test cases (reference/core-rules/cases):`,
    `${tally.agree} of ${total} case runs give exactly the engine's rows (results.csv), ${tally.differ} differ, ${tally.notRun} not run,`,
    `${tally.noResult} have no published result to compare with (their results folder is empty).`,
    'Each difference gives its reason, read from the material: the case authored (its rule.yml) with another output',
    'list or sensitivity than the exported rule the product ships (the engine\'s rows follow the case), a rule CDISC',
    'marks as possibly over- or under-reporting, the engine\'s results holding something other than findings (its own',
    'execution error, a row naming no variable, a Python set printed in its own order), a case\'s data or results',
    'explained rule by rule in scripts/core-rules/explained.ts (swapped results, a header the engine read otherwise,',
    'results that disagree across identically written rules), or "open" (an interpreter difference not explained yet,',
    'with the rows on each side); "not run" gives the reason, and a rule not run reports nothing, never a pass.',
    '',
    '| Reason | Case runs |',
    '|---|---|',
    ...[...reasons].sort((x, y) => y[1] - x[1]).map(([r, n]) => `| ${r} | ${n} |`),
    '',
    '| Rule | Type | Sensitivity | Positive case | Negative case |',
    '|---|---|---|---|---|',
    ...lines,
    '',
  ].join('\n'),
);
console.log(`${tally.agree} agree, ${tally.differ} differ, ${tally.notRun} not run, ${tally.noResult} without a result → ${path.relative(process.cwd(), values.out)}`);
