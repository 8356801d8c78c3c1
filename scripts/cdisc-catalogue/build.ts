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
 * Both XML files are read by packages/db/src/reference/cdisc-library-xml.ts, the reader the API's
 * standards import (POST /api/cdisc/standards) uses too.
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
// The XML is read by the same module as the API's standards import (relative: a script, not a package).
import { clean, parseCdiscLibraryXml, shortNote, titleCase } from '../../packages/db/src/reference/cdisc-library-xml.ts';

type Row = Record<string, string>;
type Cell = string | number | null;

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const DEFAULT_OUT = path.join(REPO_ROOT, 'packages/db/src/reference/cdisc-catalogue.json');

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

const orNull = (s: string | undefined): string | null => clean(s) || null;

/** The parsed CDISC Library export of a reference file. */
const libraryExport = (file: string) => parseCdiscLibraryXml(readFileSync(file, 'utf8'));

function sdtmig(referenceDir: string) {
  const rows = readCsv(path.join(referenceDir, 'sdtmig/sdtmig-3-4-variables.csv'));
  // Names of code lists the CSV leaves without a short name, when the XML gives more than the C-code.
  const listNames = new Map<string, string>();
  for (const cl of libraryExport(path.join(referenceDir, 'sdtmig/library-sdtmig-3-4.xml')).codeLists) listNames.set(cl.oid, cl.name);
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
  const groups = new Map(libraryExport(path.join(referenceDir, 'cdash/library-cdashig-2-2.xml')).datasets.map((d) => [d.code, d]));
  const datasets: Cell[][] = [];
  const variables: Cell[][] = [];
  const seen = new Set<string>();
  for (const r of rows) {
    const code = clean(r.group);
    if (!seen.has(code)) {
      seen.add(code);
      const domain = clean(r.domain);
      const own = groups.get(code);
      if (!own || !groups.has(domain) || own.domain !== domain) throw new Error(`The CDASHIG XML has no ItemGroupDef for ${code} of ${domain}`);
      // Name (a scenario group takes its domain's title), class and description as the export reads them.
      datasets.push(['CDASHIG', code, own.name, own.class, null, own.description]);
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
