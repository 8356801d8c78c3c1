/**
 * COSMoS concepts for the mapping suggestions: the generator of
 * apps/api/src/modules/cdisc/mapping/cosmos-concepts.json, which the scorer (mapping/suggest.ts) reads.
 *
 *   npx tsx scripts/cdisc-mapping/build-cosmos.ts [--reference DIR] [--out FILE]
 *
 * Reads cosmos/cdisc_crf_specializations_draft.csv (CDISC COSMoS CRF specializations, MIT; DIR defaults
 * to ../shared/reference from the repo root; the app and CI never read it, they ship the JSON) and keeps:
 *  - concepts: one per findings test (annotations "VSORRES when VSTESTCD = SYSBP"): domain, test code,
 *    the concept's name (the short name without "(Normalized)"/"(Denormalized)"), the result variable,
 *    the unit COSMoS prepopulates for it ("VSORRESU = mmHg when VSTESTCD = SYSBP") and its code list.
 *  - valueLists: per SDTM domain and variable, the code list C-code and the submission values COSMoS
 *    lists for it (the code list overlap evidence), values merged over the concepts and sorted.
 * Rows are arrays (columns named in the file), sorted, so a re-run writes the same bytes.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';

type Row = Record<string, string>;
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const DEFAULT_OUT = path.join(REPO_ROOT, 'apps/api/src/modules/cdisc/mapping/cosmos-concepts.json');
const CSV = 'cosmos/cdisc_crf_specializations_draft.csv';

export const CONCEPT_COLUMNS = ['domain', 'testCode', 'name', 'resultVariable', 'unit', 'codelist'] as const;
export const VALUE_LIST_COLUMNS = ['domain', 'variable', 'codelist', 'values'] as const;

export interface CosmosConcepts {
  source: string;
  conceptColumns: typeof CONCEPT_COLUMNS;
  concepts: (string | null)[][];
  valueListColumns: typeof VALUE_LIST_COLUMNS;
  valueLists: (string | null)[][];
}

const clean = (s: string | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();
const conceptName = (s: string) => clean(s.replace(/\((De)?[Nn]ormalized\)/g, ''));

export function buildCosmos(referenceDir: string): CosmosConcepts {
  const rows = parse(readFileSync(path.join(referenceDir, CSV), 'utf8'), { columns: true, skip_empty_lines: true }) as Row[];
  const concepts = new Map<string, (string | null)[]>();
  const units = new Map<string, string>();
  const lists = new Map<string, { codelist: string | null; values: Set<string> }>();
  for (const r of rows) {
    const domain = clean(r.domain);
    const annotation = clean(r.sdtm_annotation);
    const result = /^([A-Z]{2}ORRES) when ([A-Z]{2}TESTCD) = ([A-Z0-9_]+)$/.exec(annotation);
    if (result) {
      const key = `${domain}|${result[3]}`;
      if (!concepts.has(key)) concepts.set(key, [domain, result[3]!, conceptName(r.short_name ?? ''), result[1]!, null, clean(r.codelist) || null]);
      continue;
    }
    const unit = /^([A-Z]{2}ORRESU) = (\S+) when [A-Z]{2}TESTCD = ([A-Z0-9_]+)$/.exec(annotation);
    if (unit) {
      if (!units.has(`${domain}|${unit[3]}`)) units.set(`${domain}|${unit[3]}`, unit[2]!);
      continue;
    }
    const variable = clean(r.sdtm_target_variable);
    const values = clean(r.value_list);
    if (!values || !/^[A-Z][A-Z0-9]{1,7}$/.test(variable) || !domain) continue;
    const key = `${domain}|${variable}`;
    const entry = lists.get(key) ?? { codelist: clean(r.codelist) || null, values: new Set<string>() };
    for (const v of values.split(';').map(clean).filter(Boolean)) entry.values.add(v);
    lists.set(key, entry);
  }
  for (const [key, c] of concepts) c[4] = units.get(key) ?? null;
  const byKey = (a: (string | null)[], b: (string | null)[]) => `${a[0]}|${a[1]}`.localeCompare(`${b[0]}|${b[1]}`);
  return {
    source: 'cdisc-org/COSMoS @ 537701e export/cdisc_crf_specializations_draft.csv (MIT)',
    conceptColumns: CONCEPT_COLUMNS,
    concepts: [...concepts.values()].sort(byKey),
    valueListColumns: VALUE_LIST_COLUMNS,
    valueLists: [...lists.entries()]
      .map(([key, e]) => [...key.split('|'), e.codelist, [...e.values].sort().join(';')])
      .sort(byKey),
  };
}

export function serialise(c: CosmosConcepts): string {
  const rows = (list: (string | null)[][]) => list.map((r) => `    ${JSON.stringify(r)}`).join(',\n');
  return `{
  "source": ${JSON.stringify(c.source)},
  "conceptColumns": ${JSON.stringify(c.conceptColumns)},
  "concepts": [
${rows(c.concepts)}
  ],
  "valueListColumns": ${JSON.stringify(c.valueListColumns)},
  "valueLists": [
${rows(c.valueLists)}
  ]
}
`;
}

function argValue(args: readonly string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i === -1 ? undefined : args[i + 1];
}

function main(): void {
  const args = process.argv.slice(2);
  const reference = path.resolve(argValue(args, '--reference') ?? path.join(REPO_ROOT, '../shared/reference'));
  const out = path.resolve(argValue(args, '--out') ?? DEFAULT_OUT);
  const built = buildCosmos(reference);
  writeFileSync(out, serialise(built));
  console.log(`Wrote ${out}: ${built.concepts.length} concepts, ${built.valueLists.length} value lists`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
