/**
 * The CDISC standards catalogue: the generator of packages/db/src/reference/cdisc-catalogue.json, which
 * migration 0019 loads into cdisc_standards / cdisc_datasets / cdisc_variables.
 *
 *   npx tsx scripts/cdisc-catalogue/build.ts [--reference DIR] [--out FILE]
 *
 * Reads (DIR defaults to ../shared/reference from the repo root; the app and CI never read these files,
 * they ship the checked-in JSON):
 *  - sdtmig/sdtmig-3-4-variables.csv: SDTMIG v3.4, one row per dataset variable (63 datasets, 1917
 *    variables) with the dataset's label, class and structure and each variable's label, data type,
 *    Char/Num, role, core, code list C-code and short name, CDISC notes.
 *  - sdtmig/library-sdtmig-3-4.xml: only the names of the code lists the CSV gives no short name for
 *    (the enumerated DOMAIN lists: "DM Domain Abbreviation"); a bare C-code name is not repeated.
 *  - cdash/cdashig-2-2-variables-with-sdtm-targets.csv: CDASHIG v2.2 items per domain or scenario group
 *    (1136 rows, 49 groups) with label, core (HR/R/C/O), data type, code list, SDTM targets and
 *    implementation notes.
 *  - cdash/library-cdashig-2-2.xml: the groups' titles and classes (a scenario group such as
 *    LB.CentralProcessing takes its domain's title, with the scenario spelled out).
 *
 * ADaM: the reference holds no ADaM implementation guide, so none is written (the app then says no ADaM
 * standard is loaded rather than showing invented datasets).
 *
 * Output: compact JSON: `columns` name the positions of each dataset and variable row (arrays, not
 * objects: about half the size). Notes are whitespace-normalised and cut at NOTE_MAX characters on a
 * word boundary with an ellipsis. Rows keep the IG's order (datasets by class as the IG lists them,
 * variables by their order number). Kept as published: the CDASHIG HorizontalGeneric groups repeat the
 * domain's header items (STUDYID ... VISDAT) after its own, and MS.LocalProcessing numbers MSREFID and
 * MSGRPID both 8.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import { XMLParser } from 'fast-xml-parser';

type Row = Record<string, string>;
type Cell = string | number | null;

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const DEFAULT_OUT = path.join(REPO_ROOT, 'packages/db/src/reference/cdisc-catalogue.json');
/** The longest note kept, in characters (the IG's full text stays in the IG). */
export const NOTE_MAX = 500;

export const DATASET_COLUMNS = ['standard', 'code', 'name', 'class', 'structure', 'description'] as const;
export const VARIABLE_COLUMNS = [
  'standard',
  'dataset',
  'order',
  'name',
  'label',
  'dataType',
  'simpleType',
  'role',
  'core',
  'codelistCode',
  'codelistName',
  'notes',
  'sdtmTargets',
] as const;

export interface Catalogue {
  source: string;
  standards: { code: string; version: string; type: 'SDTM' | 'CDASH' | 'ADaM'; label: string; source: string }[];
  datasetColumns: typeof DATASET_COLUMNS;
  datasets: Cell[][];
  variableColumns: typeof VARIABLE_COLUMNS;
  variables: Cell[][];
}

function argValue(args: readonly string[], name: string): string | undefined {
  const i = args.indexOf(name);
  if (i === -1) return undefined;
  const value = args[i + 1];
  if (!value || value.startsWith('--')) throw new Error(`${name} needs a value`);
  return value;
}

function readCsv(file: string): Row[] {
  return parse(readFileSync(file, 'utf8'), { columns: true, skip_empty_lines: true }) as Row[];
}

/** Whitespace-normalised text; a stray literal backslash-n of the exports ("ECG Clinical Significance \\n") goes. */
const clean = (s: string | undefined): string =>
  (s ?? '')
    .replace(/\\n/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
/** Like clean, but the exports' paragraph breaks (a literal backslash-n) become line breaks. */
const cleanParagraphs = (s: string | undefined): string =>
  (s ?? '')
    .split(/\\n/)
    .map(clean)
    .filter(Boolean)
    .join('\n');
const orNull = (s: string | undefined): string | null => clean(s) || null;

/** A note cut at NOTE_MAX characters on a word boundary, with an ellipsis when cut. */
export function shortNote(raw: string | undefined): string | null {
  const s = cleanParagraphs(raw);
  if (!s) return null;
  if (s.length <= NOTE_MAX) return s;
  const cut = s.slice(0, NOTE_MAX - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > NOTE_MAX / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.]+$/, '')}…`;
}

/** "SPECIAL PURPOSE" -> "Special Purpose". */
function titleCase(s: string): string {
  return s.toLowerCase().replace(/\b[a-z]/g, (c) => c.toUpperCase());
}

/** "CentralProcessingCS" -> "Central Processing CS"; "PKSampleCollectionTimeInterval" -> "PK Sample ..." */
function spellScenario(s: string): string {
  return s.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2');
}

const xmlParser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  isArray: (name) => ['ItemGroupDef', 'CodeList', 'TranslatedText'].includes(name),
});
interface XmlText {
  '#text'?: string;
}
interface XmlGroup {
  '@_Name': string;
  '@_Domain': string;
  Description?: { TranslatedText?: (XmlText | string)[] };
  'mdr:Class'?: { '@_Name'?: string };
}
function metaDataVersion(file: string): { ItemGroupDef?: XmlGroup[]; CodeList?: { '@_OID': string; '@_Name': string }[] } {
  const doc = xmlParser.parse(readFileSync(file, 'utf8')) as {
    ODM: { Study: { MetaDataVersion: ReturnType<typeof metaDataVersion> } };
  };
  return doc.ODM.Study.MetaDataVersion;
}
function textOf(d: XmlGroup['Description']): string {
  const t = d?.TranslatedText?.[0];
  return clean(typeof t === 'string' ? t : t?.['#text']);
}

function sdtmig(referenceDir: string) {
  const rows = readCsv(path.join(referenceDir, 'sdtmig/sdtmig-3-4-variables.csv'));
  // Names of code lists the CSV leaves without a short name, when the XML gives more than the C-code.
  const listNames = new Map<string, string>();
  for (const cl of metaDataVersion(path.join(referenceDir, 'sdtmig/library-sdtmig-3-4.xml')).CodeList ?? []) {
    listNames.set(cl['@_OID'], clean(cl['@_Name']));
  }
  const datasets: Cell[][] = [];
  const variables: Cell[][] = [];
  const seen = new Set<string>();
  for (const r of rows) {
    const domain = clean(r.domain);
    if (!seen.has(domain)) {
      seen.add(domain);
      const cls = titleCase(clean(r.dataset_class));
      const structure = clean(r.structure);
      datasets.push([
        'SDTMIG',
        domain,
        clean(r.dataset_label),
        cls,
        structure,
        `${cls} class dataset. Structure: ${structure.replace(/\.?$/, '.')}`,
      ]);
    }
    const code = orNull(r.codelist);
    let listName = orNull(r.codelist_submission_value);
    if (code && !listName) {
      const name = listNames.get(`CL.${code}.${domain}`) ?? listNames.get(`CL.${code}`);
      if (name && name !== code) listName = name;
    }
    variables.push([
      'SDTMIG',
      domain,
      Number(r.order),
      clean(r.variable),
      clean(r.label),
      clean(r.datatype),
      clean(r.submission_type),
      orNull(r.role),
      orNull(r.core),
      code,
      listName,
      shortNote(r.cdisc_notes),
      null,
    ]);
  }
  return { datasets, variables };
}

function cdashig(referenceDir: string) {
  const rows = readCsv(path.join(referenceDir, 'cdash/cdashig-2-2-variables-with-sdtm-targets.csv'));
  const groups = new Map<string, XmlGroup>();
  for (const g of metaDataVersion(path.join(referenceDir, 'cdash/library-cdashig-2-2.xml')).ItemGroupDef ?? []) {
    groups.set(g['@_Name'], g);
  }
  const datasets: Cell[][] = [];
  const variables: Cell[][] = [];
  const seen = new Set<string>();
  for (const r of rows) {
    const code = clean(r.group);
    if (!seen.has(code)) {
      seen.add(code);
      const domain = clean(r.domain);
      const own = groups.get(code);
      const domainGroup = groups.get(domain);
      if (!own || !domainGroup) throw new Error(`The CDASHIG XML has no ItemGroupDef for ${code}`);
      const title = textOf(domainGroup.Description);
      if (!title) throw new Error(`The CDASHIG XML gives no title for ${domain}`);
      const scenario = code.includes('.') ? spellScenario(code.slice(code.indexOf('.') + 1)) : null;
      const cls = own['mdr:Class']?.['@_Name'] ?? domainGroup['mdr:Class']?.['@_Name'];
      const name = scenario ? `${title} (${scenario})` : title;
      datasets.push([
        'CDASHIG',
        code,
        name,
        cls ? titleCase(cls) : null,
        null,
        scenario
          ? `Data collection fields for ${title}, scenario ${scenario}; they map to SDTM ${domain}.`
          : `Data collection fields for ${title}; they map to SDTM ${domain}.`,
      ]);
    }
    const targets = clean(r.sdtm_targets)
      .split(';')
      .map((t) => t.trim())
      .filter(Boolean);
    variables.push([
      'CDASHIG',
      code,
      Number(r.order),
      clean(r.cdash_variable),
      clean(r.label),
      clean(r.datatype),
      clean(r.submission_type),
      null,
      orNull(r.core),
      orNull(r.codelist),
      orNull(r.codelist_submission_value),
      shortNote(r.implementation_notes),
      targets.length ? targets.join('; ') : null,
    ]);
  }
  return { datasets, variables };
}

export function buildCatalogue(referenceDir: string): Catalogue {
  const sdtm = sdtmig(referenceDir);
  const cdash = cdashig(referenceDir);
  if (sdtm.datasets.length !== 63 || sdtm.variables.length !== 1917) {
    throw new Error(`SDTMIG 3.4 should have 63 datasets and 1917 variables, read ${sdtm.datasets.length} and ${sdtm.variables.length}`);
  }
  return {
    source:
      'CDISC Library exports of SDTMIG v3.4 and CDASHIG v2.2 (content © CDISC), via the CSV derivations in the reference folder; generated by scripts/cdisc-catalogue/build.ts',
    standards: [
      {
        code: 'SDTMIG',
        version: '3.4',
        type: 'SDTM',
        label: 'Study Data Tabulation Model Implementation Guide: Human Clinical Trials v3.4',
        source: 'CDISC Library export of SDTMIG v3.4 (published 2021-11-29)',
      },
      {
        code: 'CDASHIG',
        version: '2.2',
        type: 'CDASH',
        label: 'Clinical Data Acquisition Standards Harmonization Implementation Guide v2.2',
        source: 'CDISC Library export of CDASHIG v2.2 (published 2021-09-28)',
      },
    ],
    datasetColumns: DATASET_COLUMNS,
    datasets: [...sdtm.datasets, ...cdash.datasets],
    variableColumns: VARIABLE_COLUMNS,
    variables: [...sdtm.variables, ...cdash.variables],
  };
}

/** One row a line: small diffs when the reference changes, and still compact. */
export function renderCatalogue(c: Catalogue): string {
  const rows = (list: Cell[][]) => list.map((r) => `    ${JSON.stringify(r)}`).join(',\n');
  return [
    '{',
    `  "source": ${JSON.stringify(c.source)},`,
    `  "standards": ${JSON.stringify(c.standards)},`,
    `  "datasetColumns": ${JSON.stringify(c.datasetColumns)},`,
    '  "datasets": [',
    rows(c.datasets),
    '  ],',
    `  "variableColumns": ${JSON.stringify(c.variableColumns)},`,
    '  "variables": [',
    rows(c.variables),
    '  ]',
    '}',
    '',
  ].join('\n');
}

function main(): void {
  const args = process.argv.slice(2);
  const referenceDir = path.resolve(argValue(args, '--reference') ?? path.join(REPO_ROOT, '../shared/reference'));
  const outFile = path.resolve(argValue(args, '--out') ?? DEFAULT_OUT);
  const catalogue = buildCatalogue(referenceDir);
  const text = renderCatalogue(catalogue);
  writeFileSync(outFile, text);
  const count = (code: string) =>
    `${code}: ${catalogue.datasets.filter((d) => d[0] === code).length} datasets, ${catalogue.variables.filter((v) => v[0] === code).length} variables`;
  console.log(`${count('SDTMIG')}; ${count('CDASHIG')} -> ${path.relative(REPO_ROOT, outFile)} (${Math.round(text.length / 1024)} KB)`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
