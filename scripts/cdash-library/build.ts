/**
 * CDASH standard form library: the generator of packages/contracts/src/forms/cdash-library.json.
 *
 *   npx tsx scripts/cdash-library/build.ts [--reference DIR] [--out FILE]
 *
 * Reads (DIR defaults to ../shared/reference from the repo root; the app never reads these files, it
 * imports the checked-in JSON):
 *  - cdash/cdashig-2-2-variables-with-sdtm-targets.csv: CDASHIG v2.2 items (prompt, question, core, SDTM
 *    targets). Field code = CDASH variable, label = the prompt, helpText = the question, sdtmTarget = the
 *    first SDTM target (SUPPQUAL.QVAL becomes SUPPxx.QVAL where QNAM = <variable>).
 *  - cdash/library-cdashig-2-2.xml: CDISC Library export; only the domain titles (form names) are read.
 *  - cosmos/cdisc_crf_specializations_draft.csv: COSMoS CRF specializations: code list values with their
 *    display labels, vital-sign units, lab test codes and units, disposition (NCOMPLT) terms.
 *  - sdtm-oak/raw_data__sdtm_ct.csv: the pharmaverse sdtm.oak example study CT, for ROUTE, FREQ, FRM and
 *    dose UNIT terms (COSMoS leaves these lists open); a few common CDISC CT terms missing from that
 *    subset are added by hand (CT_SUPPLEMENT below).
 *
 * Choices:
 *  - Only what a site enters: header/identifier variables the EDC fills (STUDYID, SITEID, SUBJID, VISIT,
 *    --SPID, --CAT) and MedDRA/WHODrug coding variables are left out; HR and R/C items are kept, O items
 *    only when common on CRFs (the ...YN gates, --ONGO, ETHNIC, RACEOTH, seriousness criteria, BP position).
 *  - Findings (VS, LB) are horizontal: one field per test, code VS<TESTCD> / LB<TESTCD> (unit field
 *    LB<TESTCD>U), cdashVariable the CDASH horizontal name (SYSBP_VSORRES) or LBORRES, sdtmTarget
 *    "VS.VSORRES where VSTESTCD = SYSBP".
 *    VS units are fixed (metric choice out of the COSMoS lists: mmHg, beats/min, breaths/min, C, cm, kg)
 *    with soft plausibility ranges; BMI is calculated. LB units come from COSMoS: fixed where COSMoS
 *    prepopulates one, otherwise a unit choice field required once a result is entered.
 *  - Dates: partialDate where CDASH allows partial dates (AE/CM/MH start and end, BRTHDAT), date otherwise.
 *    NY questions are yesNo. Logs (AE, CM, MH, EX) are a repeating group behind a ...YN gate.
 *  - AE follows COSMoS: AESEV (not AETOXGR), AEREL as Y/N, AEACN as a single choice (SDTM holds one
 *    value), seriousness criteria shown when AESER = Y. EX dose is numeric (EXDSTXT -> EX.EXDOSE).
 *  - Fields that appear only under a condition are not `required`; a requiredIf check with the same
 *    condition asks for them (an explicit, query-raising check whatever the renderer does with hidden fields).
 *  - Code list codes are CDISC submission values; labels are the COSMoS display text with small words in
 *    lower case. A coded value longer than the form schema allows (200 characters) stops the build.
 *  - Output: each form run through `formDefinition` (defaults explicit), forms in casebook order, fields in
 *    CRF order, formatted with the repo's prettier settings, so `npm run format` leaves it unchanged.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import { XMLParser } from 'fast-xml-parser';
import * as prettier from 'prettier';
import {
  formDefinition,
  type FormDefinition,
  type LogicExpression,
} from '../../packages/contracts/src/forms/definition.ts';
import { TEXT_LIMITS } from '../../packages/contracts/src/input.ts';

type Row = Record<string, string>;
type Category = 'Baseline' | 'Visit' | 'Safety' | 'Lab' | 'Medication' | 'PRO';
type ScalarType =
  | 'text'
  | 'longText'
  | 'integer'
  | 'decimal'
  | 'date'
  | 'partialDate'
  | 'time'
  | 'singleChoice'
  | 'multipleChoice'
  | 'yesNo'
  | 'calculated';
interface CodeItem {
  code: string;
  label: string;
}
interface Range {
  min?: number;
  max?: number;
  severity: 'soft' | 'hard';
  message?: string;
}
interface FieldDraft {
  code: string;
  type: ScalarType | 'repeatingGroup';
  label: string;
  helpText?: string;
  required: boolean;
  showIf?: LogicExpression;
  cdashVariable?: string;
  sdtmTarget?: string;
  codeList?: CodeItem[];
  unit?: string;
  decimals?: number;
  range?: Range;
  formula?: LogicExpression;
  maxLength?: number;
  fields?: FieldDraft[];
  minRows?: number;
  maxRows?: number;
}
type CheckDraft = { id: string; message: string; severity: 'error' | 'warning'; group?: string } & (
  | { kind: 'requiredIf'; field: string; when: LogicExpression }
  | { kind: 'range'; field: string; min?: number; max?: number }
  | { kind: 'compare'; left: string; operator: '<' | '<=' | '>' | '>=' | '==' | '!='; right: string }
  | { kind: 'expression'; expression: LogicExpression }
);
interface LibraryFormOut {
  domain: string;
  name: string;
  category: Category;
  description: string;
  source: string;
  definition: FormDefinition;
}

// --- Arguments and paths -------------------------------------------------------------------------
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const DEFAULT_OUT = path.join(REPO_ROOT, 'packages/contracts/src/forms/cdash-library.json');

function argValue(args: readonly string[], name: string): string | undefined {
  const i = args.indexOf(name);
  if (i === -1) return undefined;
  const value = args[i + 1];
  if (!value || value.startsWith('--')) throw new Error(`${name} needs a value`);
  return value;
}

// --- Text helpers --------------------------------------------------------------------------------
const SMALL_WORDS = new Set([
  'a',
  'an',
  'and',
  'as',
  'at',
  'by',
  'for',
  'in',
  'of',
  'on',
  'or',
  'the',
  'to',
  'with',
]);

/** "Black Or African American" / "BLACK OR AFRICAN AMERICAN" -> "Black or African American". */
function readableLabel(display: string, fromUpper = false): string {
  const words = display.trim().split(/\s+/);
  return words
    .map((w, i) => {
      const lower = w.toLowerCase();
      if (i > 0 && SMALL_WORDS.has(lower)) return lower;
      if (!fromUpper) return w;
      return lower
        .replace(/^[a-z]/, (c) => c.toUpperCase())
        .replace(/\/([a-z])/g, (_m, c: string) => `/${c.toUpperCase()}`);
    })
    .join(' ');
}

/**
 * CDASH prompt/question text made readable: the first of ";"-separated alternatives, the first of
 * "[a/b]" and "(a/b)" choices, optional one-word parentheses kept as words ("(Start) Date" -> "Start
 * Date"), longer parentheticals kept as they are.
 */
function cleanCdashText(raw: string, subst: Record<string, string> = {}): string {
  let s = raw.replace(/\s+/g, ' ').trim();
  for (const [from, to] of Object.entries(subst)) s = s.split(from).join(to);
  s = s.split(/;\s/)[0] ?? s;
  let prev = '';
  while (prev !== s) {
    prev = s;
    s = s.replace(/(\S?)\[([^[\]]*)\]/g, (_m, before: string, inner: string) => {
      const first = (inner.split('/')[0] ?? '').trim();
      return `${before}${before && /[A-Za-z]/.test(before) ? ' ' : ''}${first}`;
    });
  }
  s = s.replace(/\(([^()]*)\)/g, (m, inner: string) => {
    if (inner.includes('/')) return (inner.split('/')[0] ?? '').trim();
    if (!inner.includes(' ')) return inner.trim();
    return m;
  });
  s = s
    .replace(/\s+/g, ' ')
    .replace(/\s+([?.,;)])/g, '$1')
    .replace(/\(\s+/g, '(')
    .trim();
  return s.replace(/^[a-z]/, (c) => c.toUpperCase());
}

const eq = (variable: string, value: string): LogicExpression => ({ '==': [{ var: variable }, value] });
const neq = (variable: string, value: string): LogicExpression => ({ '!=': [{ var: variable }, value] });
const filled = (variable: string): LogicExpression => ({ '!=': [{ var: variable }, null] });

// --- Reference data ------------------------------------------------------------------------------
function readCsv(file: string): Row[] {
  return parse(readFileSync(file, 'utf8'), { columns: true, skip_empty_lines: true, bom: true }) as Row[];
}

/**
 * CDISC CT terms added to the sdtm.oak study subset: submission values from the CDISC ROUTE (C66729),
 * FREQ (C71113) and UNIT (C71620) code lists that a general-purpose CRF needs.
 */
const CT_SUPPLEMENT: Record<CtList, CodeItem[]> = {
  ROUTE: [
    { code: 'INTRAVENOUS', label: 'IV (Intravenous)' },
    { code: 'SUBCUTANEOUS', label: 'SC (Subcutaneous)' },
    { code: 'TOPICAL', label: 'Topical' },
    { code: 'RESPIRATORY (INHALATION)', label: 'Inhalation' },
    { code: 'NASAL', label: 'Nasal' },
    { code: 'RECTAL', label: 'Rectal' },
    { code: 'SUBLINGUAL', label: 'Sublingual' },
    { code: 'VAGINAL', label: 'Vaginal' },
  ],
  FREQ: [
    { code: 'ONCE', label: 'Once' },
    { code: 'TID', label: 'TID (3 Times a Day)' },
    { code: 'QOD', label: 'QOD (Every Other Day)' },
  ],
  FRM: [],
  UNIT: [
    { code: 'ug', label: 'ug' },
    { code: 'mg/kg', label: 'mg/kg' },
  ],
};
type CtList = 'ROUTE' | 'FREQ' | 'FRM' | 'UNIT';
const CT_CODELISTS: Record<CtList, string> = {
  ROUTE: 'C66729',
  FREQ: 'C71113',
  FRM: 'C66726',
  UNIT: 'C71620',
};

class Reference {
  private readonly cdash = new Map<string, Row>();
  private readonly cosmos: Row[];
  private readonly ct: Row[];
  readonly titles = new Map<string, string>();

  constructor(dir: string) {
    for (const row of readCsv(path.join(dir, 'cdash/cdashig-2-2-variables-with-sdtm-targets.csv'))) {
      this.cdash.set(`${row.group}|${row.cdash_variable}`, row);
    }
    this.cosmos = readCsv(path.join(dir, 'cosmos/cdisc_crf_specializations_draft.csv'));
    this.ct = readCsv(path.join(dir, 'sdtm-oak/raw_data__sdtm_ct.csv'));
    const xml = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '@_',
      parseTagValue: false,
    }).parse(readFileSync(path.join(dir, 'cdash/library-cdashig-2-2.xml'), 'utf8')) as {
      ODM: { Study: { MetaDataVersion: { ItemGroupDef: XmlGroup[] | XmlGroup } } };
    };
    const groups = xml.ODM.Study.MetaDataVersion.ItemGroupDef;
    for (const g of Array.isArray(groups) ? groups : [groups]) {
      if (g['@_Name'] !== g['@_Domain']) continue;
      const t = g.Description?.TranslatedText;
      const title = typeof t === 'string' ? t : t?.['#text'];
      if (title) this.titles.set(g['@_Domain'], title.replace(/\s+/g, ' ').trim());
    }
  }

  item(group: string, variable: string): Row {
    const row = this.cdash.get(`${group}|${variable}`);
    if (!row) throw new Error(`CDASHIG has no ${variable} in ${group}`);
    return row;
  }

  cosmosRow(group: string, variable: string): Row {
    const row = this.cosmos.find((r) => r.crf_group_id === group && r.variable_name === variable);
    if (!row) throw new Error(`COSMoS has no ${variable} in ${group}`);
    return row;
  }

  cosmosRows(predicate: (r: Row) => boolean): Row[] {
    return this.cosmos.filter(predicate);
  }

  /** A COSMoS value list with its display labels. */
  cosmosCodeList(group: string, variable: string): CodeItem[] {
    const row = this.cosmosRow(group, variable);
    const codes = (row.value_list ?? '').split(';').filter(Boolean);
    const labels = (row.value_display_list ?? '').split(';');
    if (codes.length === 0) throw new Error(`COSMoS ${group} ${variable} has no value list`);
    if (labels.length !== codes.length)
      throw new Error(`COSMoS ${group} ${variable}: ${codes.length} values, ${labels.length} labels`);
    return codes.map((code, i) => ({ code: storedCode(code), label: readableLabel(labels[i] ?? code) }));
  }

  /** Study CT terms (sdtm.oak) plus the supplement; labels are the collected (site-facing) text. */
  ctCodeList(list: CtList): CodeItem[] {
    const items = new Map<string, CodeItem>();
    for (const r of this.ct.filter((t) => t.codelist_code === CT_CODELISTS[list])) {
      const code = r.term_value ?? '';
      if (code) items.set(code, { code, label: r.collected_value || code });
    }
    for (const item of CT_SUPPLEMENT[list]) if (!items.has(item.code)) items.set(item.code, item);
    const last = (c: string) => (c === 'UNKNOWN' ? 1 : 0);
    return [...items.values()].sort(
      (a, b) => last(a.code) - last(b.code) || a.label.localeCompare(b.label, 'en'),
    );
  }
}
interface XmlGroup {
  '@_Name': string;
  '@_Domain': string;
  Description?: { TranslatedText?: string | { '#text'?: string } };
}

function storedCode(submissionValue: string): string {
  if (submissionValue.length <= TEXT_LIMITS.name) return submissionValue;
  throw new Error(`"${submissionValue}" is longer than ${TEXT_LIMITS.name} characters`);
}

// --- Form building -------------------------------------------------------------------------------
interface FieldOpts {
  /** The CDASH group (domain or scenario) the item is read from; the form's default otherwise. */
  group?: string;
  code?: string;
  label?: string;
  help?: string;
  /** Replaces the first CDASH target; must start with one of the item's CDASH targets. */
  target?: string;
  /** Placeholder substitutions in prompt and question, e.g. { '[VSTEST]': 'Temperature' }. */
  subst?: Record<string, string>;
  required?: boolean;
  showIf?: LogicExpression;
  codeList?: CodeItem[];
  unit?: string;
  decimals?: number;
  range?: Range;
  maxLength?: number;
}

class FormBuilder {
  private readonly sources = { cdash: new Set<string>(), cosmos: new Set<string>(), ct: new Set<string>() };

  constructor(
    readonly ref: Reference,
    readonly domain: string,
    readonly defaultGroup: string = domain,
  ) {
    this.sources.cdash.add(defaultGroup);
  }

  /** A field from a CDASH item. */
  field(variable: string, type: ScalarType, opts: FieldOpts = {}): FieldDraft {
    const group = opts.group ?? this.defaultGroup;
    this.sources.cdash.add(group);
    const row = this.ref.item(group, variable);
    const subst = opts.subst ?? {};
    const cdashVariable = Object.entries(subst).reduce((v, [from, to]) => v.split(from).join(to), variable);
    const field: FieldDraft = {
      code: opts.code ?? cdashVariable,
      type,
      label: opts.label ?? cleanCdashText(row.prompt || row.label || variable, subst),
      required: opts.required ?? false,
      cdashVariable,
    };
    const help = opts.help ?? (row.question ? cleanCdashText(row.question, subst) : undefined);
    if (help) field.helpText = help;
    if (opts.showIf !== undefined) field.showIf = opts.showIf;
    const target = this.target(row, opts.target);
    if (target) field.sdtmTarget = target;
    if (opts.codeList) field.codeList = opts.codeList;
    if (opts.unit !== undefined) field.unit = opts.unit;
    if (opts.decimals !== undefined) field.decimals = opts.decimals;
    if (opts.range) field.range = opts.range;
    if (opts.maxLength !== undefined) field.maxLength = opts.maxLength;
    return field;
  }

  private target(row: Row, override: string | undefined): string | undefined {
    const targets = (row.sdtm_targets ?? '')
      .split(';')
      .map((t) => t.trim())
      .filter(Boolean);
    const suppqual = (t: string) =>
      t === 'SUPPQUAL.QVAL' ? `SUPP${this.domain}.QVAL where QNAM = ${row.cdash_variable}` : t;
    if (override) {
      const base = override.split(' ')[0] ?? '';
      if (!targets.some((t) => t === base || (t === 'SUPPQUAL.QVAL' && /^SUPP[A-Z]{2}\.QVAL$/.test(base)))) {
        throw new Error(
          `${row.cdash_variable}: target ${override} is not among its CDASH targets ${targets.join(', ')}`,
        );
      }
      return override;
    }
    return targets[0] ? suppqual(targets[0]) : undefined;
  }

  cosmos(group: string, variable: string): CodeItem[] {
    this.sources.cosmos.add(group);
    return this.ref.cosmosCodeList(group, variable);
  }

  cosmosRow(group: string, variable: string): Row {
    this.sources.cosmos.add(group);
    return this.ref.cosmosRow(group, variable);
  }

  ct(list: CtList): CodeItem[] {
    this.sources.ct.add(list);
    return this.ref.ctCodeList(list);
  }

  /** A COSMoS unit: the prepopulated one, or `preferred` checked against the COSMoS value list. */
  cosmosUnit(group: string, variable: string, preferred?: string): string {
    const row = this.cosmosRow(group, variable);
    if (row.prepopulated_term) {
      if (preferred && preferred !== row.prepopulated_term)
        throw new Error(`${group}: unit is ${row.prepopulated_term}, not ${preferred}`);
      return row.prepopulated_term;
    }
    const values = (row.value_list ?? '').split(';');
    if (!preferred || !values.includes(preferred))
      throw new Error(`${group}: choose a unit out of ${values.join(', ')}`);
    return preferred;
  }

  noteSource(kind: 'cosmos', group: string): void {
    this.sources[kind].add(group);
  }

  source(): string {
    const parts = [`CDISC CDASHIG v2.2 (${[...this.sources.cdash].join(', ')})`];
    if (this.sources.cosmos.size)
      parts.push(`CDISC COSMoS CRF specializations (${[...this.sources.cosmos].join(', ')})`);
    if (this.sources.ct.size)
      parts.push(
        `CDISC CT ${[...this.sources.ct].join(', ')} (pharmaverse sdtm.oak study CT, common terms added)`,
      );
    return parts.join('; ');
  }

  title(): string {
    const t = this.ref.titles.get(this.domain);
    if (!t) throw new Error(`The CDASHIG XML has no ItemGroupDef for ${this.domain}`);
    return t;
  }
}

function group(
  code: string,
  label: string,
  helpText: string,
  showIf: LogicExpression,
  fields: FieldDraft[],
  maxRows = 100,
): FieldDraft {
  return {
    code,
    type: 'repeatingGroup',
    label,
    helpText,
    required: false,
    showIf,
    fields,
    minRows: 0,
    maxRows,
  };
}

interface FormSpec {
  domain: string;
  category: Category;
  name?: string;
  description: string;
  build(b: FormBuilder): { fields: FieldDraft[]; checks: CheckDraft[] };
  cdashGroup?: string;
}

/** An end date that must not precede the start date (per row of a log). */
function endNotBeforeStart(prefix: string, groupCode: string, what: string): CheckDraft {
  return {
    id: `${prefix}_END_NOT_BEFORE_START`,
    kind: 'compare',
    left: `${prefix}ENDAT`,
    operator: '>=',
    right: `${prefix}STDAT`,
    group: groupCode,
    severity: 'warning',
    message: `The ${what} end date is before its start date.`,
  };
}
function endDateIfNotOngoing(prefix: string, groupCode: string, what: string): CheckDraft {
  return {
    id: `${prefix}_ENDAT_REQUIRED`,
    kind: 'requiredIf',
    field: `${prefix}ENDAT`,
    when: eq(`${prefix}ONGO`, 'N'),
    group: groupCode,
    severity: 'warning',
    message: `The ${what} is not ongoing: give its end date.`,
  };
}
function logRequired(prefix: string, groupCode: string, what: string, question: string): CheckDraft {
  return {
    id: `${prefix}_LOG_REQUIRED`,
    kind: 'requiredIf',
    field: groupCode,
    when: eq(`${prefix}YN`, 'Y'),
    severity: 'warning',
    message: `Add at least one ${what}, or answer No to "${question}".`,
  };
}

// --- The forms -----------------------------------------------------------------------------------
const VITAL_SIGNS = [
  // code, COSMoS group, field type, unit (COSMoS prepopulated or the metric choice), decimals, soft range
  { testcd: 'SYSBP', type: 'integer', unit: 'mmHg', min: 70, max: 220 },
  { testcd: 'DIABP', type: 'integer', unit: 'mmHg', min: 40, max: 130 },
  { testcd: 'PULSE', type: 'integer', unit: 'beats/min', min: 40, max: 140 },
  { testcd: 'RESP', type: 'integer', unit: 'breaths/min', min: 8, max: 40 },
  { testcd: 'TEMP', type: 'decimal', unit: 'C', decimals: 1, min: 35, max: 41 },
  { testcd: 'HEIGHT', type: 'decimal', unit: 'cm', decimals: 1, min: 100, max: 220 },
  { testcd: 'WEIGHT', type: 'decimal', unit: 'kg', decimals: 1, min: 30, max: 250 },
] as const;

const LAB_TESTS = [
  // Hematology, then chemistry: COSMoS denormalized group, a short label, the decimals a result may carry.
  { group: 'HGBBLD_DENORMALIZED', label: 'Hemoglobin', decimals: 1 },
  { group: 'HCTBLD_DENORMALIZED', label: 'Hematocrit', decimals: 1 },
  { group: 'WBCBLD_DENORMALIZED', label: 'White Blood Cells', decimals: 2 },
  { group: 'PLATBLD_DENORMALIZED', label: 'Platelets', decimals: 0 },
  { group: 'ALTSERPL_DENORMALIZED', label: 'ALT', decimals: 2 },
  { group: 'ASTSERPL_DENORMALIZED', label: 'AST', decimals: 2 },
  { group: 'ALPSERPL_DENORMALIZED', label: 'Alkaline Phosphatase', decimals: 2 },
  { group: 'BILISERPL_DENORMALIZED', label: 'Total Bilirubin', decimals: 2 },
  { group: 'CREATSERPL_DENORMALIZED', label: 'Creatinine', decimals: 2 },
  { group: 'UREANSERPL_DENORMALIZED', label: 'Blood Urea Nitrogen', decimals: 1 },
  { group: 'GLUCBLD_DENORMALIZED', label: 'Glucose', decimals: 1 },
  { group: 'SODIUMBLD_DENORMALIZED', label: 'Sodium', decimals: 0 },
  { group: 'KBLD_DENORMALIZED', label: 'Potassium', decimals: 1 },
] as const;

const FORMS: FormSpec[] = [
  {
    domain: 'DM',
    category: 'Baseline',
    cdashGroup: 'DM.BirthDateCollectionSingleDate',
    description:
      'Demographics: date of collection, birth date (a year, year-month or full date), sex, ethnicity and race (more than one race may be ticked). Age is derived from the birth date and is not entered.',
    build(b) {
      const fields = [
        b.field('DMDAT', 'date'),
        b.field('BRTHDAT', 'partialDate', { required: true }),
        b.field('SEX', 'singleChoice', { required: true, codeList: b.cosmos('SEX', 'SEX') }),
        b.field('ETHNIC', 'singleChoice', { codeList: b.cosmos('ETHNIC', 'ETHNIC') }),
        b.field('RACE', 'multipleChoice', { required: true, codeList: b.cosmos('RACE', 'RACE') }),
        b.field('RACEOTH', 'text', { showIf: { in: ['OTHER', { var: 'RACE' }] }, maxLength: 200 }),
      ];
      const checks: CheckDraft[] = [
        {
          id: 'DM_BIRTH_BEFORE_COLLECTION',
          kind: 'compare',
          left: 'BRTHDAT',
          operator: '<',
          right: 'DMDAT',
          severity: 'warning',
          message: 'The birth date is not before the collection date.',
        },
        {
          id: 'DM_RACEOTH_REQUIRED',
          kind: 'requiredIf',
          field: 'RACEOTH',
          when: { in: ['OTHER', { var: 'RACE' }] },
          severity: 'warning',
          message: 'Race is Other: specify the other race.',
        },
      ];
      return { fields, checks };
    },
  },
  {
    domain: 'MH',
    category: 'Baseline',
    description:
      'Medical history log: one row per relevant condition or event, with start and end dates (partial dates allowed) or ongoing. Terms are coded to MedDRA after entry.',
    build(b) {
      const log = group(
        'MHLOG',
        'Medical History',
        'Record each medical condition or event on its own row.',
        eq('MHYN', 'Y'),
        [
          b.field('MHTERM', 'text', { required: true, maxLength: 200 }),
          b.field('MHSTDAT', 'partialDate'),
          b.field('MHONGO', 'yesNo', {
            label: 'Ongoing',
            required: true,
            help: 'Is the medical condition or event ongoing?',
          }),
          b.field('MHENDAT', 'partialDate', { showIf: eq('MHONGO', 'N') }),
        ],
      );
      const fields = [b.field('MHYN', 'yesNo', { required: true }), log];
      const checks: CheckDraft[] = [
        logRequired('MH', 'MHLOG', 'medical history row', 'Any medical history?'),
        endDateIfNotOngoing('MH', 'MHLOG', 'condition'),
        endNotBeforeStart('MH', 'MHLOG', 'condition'),
      ];
      return { fields, checks };
    },
  },
  {
    domain: 'VS',
    category: 'Visit',
    description:
      'Vital signs in one horizontal form: blood pressure, pulse, respiratory rate, temperature, height and weight in fixed metric units with soft plausibility ranges, and BMI calculated from height and weight.',
    build(b) {
      const performed = eq('VSPERF', 'Y');
      const fields: FieldDraft[] = [
        b.field('VSPERF', 'yesNo', { required: true }),
        b.field('VSDAT', 'date', { showIf: performed }),
        b.field('VSTIM', 'time', { showIf: performed }),
        b.field('VSPOS', 'singleChoice', {
          showIf: performed,
          label: 'Position (blood pressure and pulse)',
          codeList: b.cosmos('SYSBP_DENORMALIZED', 'VSPOS'),
          target: 'VS.VSPOS where VSTESTCD in (SYSBP, DIABP, PULSE)',
        }),
      ];
      for (const vs of VITAL_SIGNS) {
        const cosmosGroup = `${vs.testcd}_DENORMALIZED`;
        const name = b.cosmosRow(`${vs.testcd}_NORMALIZED`, 'VSTEST').prepopulated_term ?? vs.testcd;
        const unit = b.cosmosUnit(cosmosGroup, 'VSORRESU', vs.unit);
        const subst = { '[VSTESTCD]': vs.testcd, '[VSTEST]': name.toLowerCase() };
        fields.push(
          b.field('[VSTESTCD]_VSORRES', vs.type, {
            group: 'VS.HorizontalGeneric',
            code: `VS${vs.testcd}`,
            label: name,
            subst,
            showIf: performed,
            target: `VS.VSORRES where VSTESTCD = ${vs.testcd}`,
            unit,
            ...('decimals' in vs ? { decimals: vs.decimals } : {}),
            range: {
              min: vs.min,
              max: vs.max,
              severity: 'soft',
              message: `${name} is usually between ${vs.min} and ${vs.max} ${unit}: please check the value.`,
            },
          }),
        );
        if (vs.testcd === 'TEMP') {
          fields.push(
            b.field('[VSTESTCD]_VSLOC', 'singleChoice', {
              group: 'VS.HorizontalGeneric',
              code: 'VSTEMPLOC',
              label: 'Temperature Location',
              subst,
              showIf: performed,
              codeList: b.cosmos('TEMP_DENORMALIZED', 'VSLOC'),
              target: 'VS.VSLOC where VSTESTCD = TEMP',
            }),
          );
        }
      }
      const bmi = b.field('[VSTESTCD]_VSORRES', 'calculated', {
        group: 'VS.HorizontalGeneric',
        code: 'VSBMI',
        label: 'BMI',
        subst: { '[VSTESTCD]': 'BMI', '[VSTEST]': 'BMI' },
        help: 'Body mass index, calculated: weight (kg) / (height (m))^2.',
        showIf: performed,
        target: 'VS.VSORRES where VSTESTCD = BMI',
        unit: b.cosmosUnit('BMI_DENORMALIZED', 'VSORRESU', 'kg/m2'),
        decimals: 1,
      });
      const heightM = { '/': [{ var: 'VSHEIGHT' }, 100] };
      bmi.formula = {
        if: [
          { and: [{ var: 'VSWEIGHT' }, { var: 'VSHEIGHT' }] },
          { '/': [{ var: 'VSWEIGHT' }, { '*': [heightM, heightM] }] },
          null,
        ],
      };
      fields.push(bmi);
      const checks: CheckDraft[] = [
        {
          id: 'VS_VSDAT_REQUIRED',
          kind: 'requiredIf',
          field: 'VSDAT',
          when: performed,
          severity: 'warning',
          message: 'Vital signs were performed: give the date of the measurements.',
        },
        {
          id: 'VS_DIABP_BELOW_SYSBP',
          kind: 'compare',
          left: 'VSDIABP',
          operator: '<',
          right: 'VSSYSBP',
          severity: 'warning',
          message: 'Diastolic blood pressure should be lower than systolic blood pressure.',
        },
        {
          id: 'VS_BMI_PLAUSIBLE',
          kind: 'range',
          field: 'VSBMI',
          min: 12,
          max: 60,
          severity: 'warning',
          message: 'The BMI is outside 12 to 60 kg/m2: check height and weight.',
        },
      ];
      return { fields, checks };
    },
  },
  {
    domain: 'LB',
    category: 'Lab',
    cdashGroup: 'LB.LocalProcessing',
    description:
      'Local laboratory results: sample collection, then hematology (hemoglobin, hematocrit, white cells, platelets) and chemistry (ALT, AST, alkaline phosphatase, bilirubin, creatinine, urea nitrogen, glucose, sodium, potassium), one field per test with its unit. Normal ranges belong to the laboratory, not the form.',
    build(b) {
      const collected = eq('LBPERF', 'Y');
      const fields: FieldDraft[] = [
        b.field('LBPERF', 'yesNo', { required: true }),
        b.field('LBDAT', 'date', { showIf: collected }),
        b.field('LBTIM', 'time', { showIf: collected }),
        b.field('LBFAST', 'yesNo', { showIf: collected }),
        b.field('LBNAM', 'text', { showIf: collected, maxLength: 200 }),
      ];
      const checks: CheckDraft[] = [
        {
          id: 'LB_LBDAT_REQUIRED',
          kind: 'requiredIf',
          field: 'LBDAT',
          when: collected,
          severity: 'warning',
          message: 'The sample was collected: give the collection date.',
        },
      ];
      for (const test of LAB_TESTS) {
        const result = b.cosmosRow(test.group, 'LBORRES');
        const testcd = /LBTESTCD = ([A-Z0-9]+)/.exec(result.sdtm_annotation ?? '')?.[1];
        if (!testcd) throw new Error(`${test.group}: no LBTESTCD in "${result.sdtm_annotation}"`);
        const concept = (result.short_name ?? '').replace(/\s*\(Denormalized\)\s*$/, '');
        const unitRow = b.cosmosRow(test.group, 'LBORRESU');
        const fixedUnit = unitRow.prepopulated_term || undefined;
        const code = `LB${testcd}`;
        fields.push(
          b.field('LBORRES', 'decimal', {
            code,
            label: test.label,
            help: `${concept}: what was the result of the lab test?`,
            showIf: collected,
            target: `LB.LBORRES where LBTESTCD = ${testcd}`,
            decimals: test.decimals,
            ...(fixedUnit ? { unit: fixedUnit } : {}),
          }),
        );
        if (!fixedUnit) {
          fields.push(
            b.field('LBORRESU', 'singleChoice', {
              code: `${code}U`,
              label: `${test.label} Unit`,
              help: `What was the unit of the ${test.label.length <= 3 ? test.label : test.label.toLowerCase()} result?`,
              showIf: collected,
              target: `LB.LBORRESU where LBTESTCD = ${testcd}`,
              codeList: b.cosmos(test.group, 'LBORRESU'),
            }),
          );
          checks.push({
            id: `LB_${testcd}_UNIT_REQUIRED`,
            kind: 'requiredIf',
            field: `${code}U`,
            when: filled(code),
            severity: 'warning',
            message: `${test.label} result entered: give its unit.`,
          });
        }
      }
      return { fields, checks };
    },
  },
  {
    domain: 'EX',
    category: 'Medication',
    description:
      'Study treatment administration log: one row per administration or constant-dose period, with dates, dose, unit, form, frequency, route, lot number and dose adjustments.',
    build(b) {
      const log = group(
        'EXLOG',
        'Study Treatment Administrations',
        'Record each administration (or period at a constant dose) on its own row.',
        eq('EXYN', 'Y'),
        [
          b.field('EXTRT', 'text', { required: true, maxLength: 200 }),
          b.field('EXSTDAT', 'date', {
            required: true,
            help: 'What was the start date of the administration?',
          }),
          b.field('EXSTTIM', 'time', { help: 'What was the start time of the administration?' }),
          b.field('EXENDAT', 'date', { help: 'What was the end date of the administration?' }),
          b.field('EXDSTXT', 'decimal', {
            label: 'Dose',
            target: 'EX.EXDOSE',
            decimals: 3,
            range: { min: 0, severity: 'hard', message: 'A dose cannot be negative.' },
          }),
          b.field('EXDOSU', 'singleChoice', { label: 'Dose Unit', codeList: b.ct('UNIT') }),
          b.field('EXDOSFRM', 'singleChoice', { codeList: b.ct('FRM') }),
          b.field('EXDOSFRQ', 'singleChoice', { codeList: b.ct('FREQ') }),
          b.field('EXROUTE', 'singleChoice', { codeList: b.ct('ROUTE') }),
          b.field('EXLOT', 'text', { maxLength: 100 }),
          b.field('EXDOSADJ', 'yesNo'),
          b.field('EXADJ', 'text', {
            label: 'Reason for Dose Adjustment',
            showIf: eq('EXDOSADJ', 'Y'),
            maxLength: 200,
          }),
        ],
      );
      const fields = [
        b.field('EXYN', 'yesNo', { required: true, help: 'Was any study treatment taken?' }),
        log,
      ];
      const checks: CheckDraft[] = [
        logRequired('EX', 'EXLOG', 'administration', 'Any study treatments?'),
        endNotBeforeStart('EX', 'EXLOG', 'administration'),
        {
          id: 'EX_DOSU_REQUIRED',
          kind: 'requiredIf',
          field: 'EXDOSU',
          when: filled('EXDSTXT'),
          group: 'EXLOG',
          severity: 'warning',
          message: 'A dose is entered: give its unit.',
        },
        {
          id: 'EX_ADJ_REASON_REQUIRED',
          kind: 'requiredIf',
          field: 'EXADJ',
          when: eq('EXDOSADJ', 'Y'),
          group: 'EXLOG',
          severity: 'warning',
          message: 'The dose was adjusted: give the reason.',
        },
      ];
      return { fields, checks };
    },
  },
  {
    domain: 'CM',
    category: 'Medication',
    description:
      'Prior and concomitant medications log: one row per medication with indication, dose, unit, frequency, route, start date and end date or ongoing (partial dates allowed). Names are coded to WHODrug after entry.',
    build(b) {
      const log = group(
        'CMLOG',
        'Concomitant Medications',
        'Record each medication on its own row.',
        eq('CMYN', 'Y'),
        [
          b.field('CMTRT', 'text', { required: true, maxLength: 200 }),
          b.field('CMINDC', 'text', { maxLength: 200 }),
          b.field('CMDSTXT', 'text', { maxLength: 100 }),
          b.field('CMDOSU', 'singleChoice', { codeList: b.ct('UNIT') }),
          b.field('CMDOSFRQ', 'singleChoice', { codeList: b.ct('FREQ') }),
          b.field('CMROUTE', 'singleChoice', { codeList: b.ct('ROUTE') }),
          b.field('CMSTDAT', 'partialDate'),
          b.field('CMONGO', 'yesNo', {
            label: 'Ongoing',
            required: true,
            help: 'Is the medication ongoing?',
          }),
          b.field('CMENDAT', 'partialDate', { showIf: eq('CMONGO', 'N') }),
        ],
      );
      const fields = [
        b.field('CMYN', 'yesNo', { required: true, help: 'Were any concomitant medications taken?' }),
        log,
      ];
      const checks: CheckDraft[] = [
        logRequired('CM', 'CMLOG', 'medication', 'Any concomitant medications?'),
        endDateIfNotOngoing('CM', 'CMLOG', 'medication'),
        endNotBeforeStart('CM', 'CMLOG', 'medication'),
        {
          id: 'CM_DOSU_REQUIRED',
          kind: 'requiredIf',
          field: 'CMDOSU',
          when: filled('CMDSTXT'),
          group: 'CMLOG',
          severity: 'warning',
          message: 'A dose is entered: give its unit.',
        },
      ];
      return { fields, checks };
    },
  },
  {
    domain: 'AE',
    category: 'Safety',
    description:
      'Adverse event log: one row per event with verbatim term, start and end dates (partial dates allowed) or ongoing, severity, seriousness and its criteria, relationship to study treatment, action taken and outcome. Terms are coded to MedDRA after entry.',
    build(b) {
      const serious = eq('AESER', 'Y');
      const criteria = ['AESDTH', 'AESLIFE', 'AESHOSP', 'AESDISAB', 'AESCONG', 'AESMIE'];
      const log = group(
        'AELOG',
        'Adverse Events',
        'Record each adverse event on its own row.',
        eq('AEYN', 'Y'),
        [
          b.field('AETERM', 'text', { required: true, maxLength: 200 }),
          b.field('AESTDAT', 'partialDate', { required: true }),
          b.field('AEONGO', 'yesNo', {
            label: 'Ongoing',
            required: true,
            help: 'Is the adverse event ongoing?',
          }),
          b.field('AEENDAT', 'partialDate', { showIf: eq('AEONGO', 'N') }),
          b.field('AESEV', 'singleChoice', {
            required: true,
            codeList: b.cosmos('AE_DENORMALIZED', 'AESEV'),
          }),
          b.field('AESER', 'yesNo', { required: true }),
          ...criteria.map((v) => b.field(v, 'yesNo', { showIf: serious })),
          b.field('AEREL', 'yesNo', { label: 'Related to Study Treatment', required: true }),
          b.field('AEACN', 'singleChoice', {
            required: true,
            codeList: b.cosmos('AE_DENORMALIZED', 'AEACN'),
          }),
          b.field('AEACNOTH', 'text', { maxLength: 200 }),
          b.field('AEOUT', 'singleChoice', {
            required: true,
            codeList: b.cosmos('AE_DENORMALIZED', 'AEOUT'),
          }),
        ],
      );
      const fields = [b.field('AEYN', 'yesNo', { required: true }), log];
      const checks: CheckDraft[] = [
        logRequired('AE', 'AELOG', 'adverse event', 'Any adverse events?'),
        endDateIfNotOngoing('AE', 'AELOG', 'adverse event'),
        endNotBeforeStart('AE', 'AELOG', 'adverse event'),
        {
          id: 'AE_SERIOUS_CRITERION',
          kind: 'expression',
          expression: { or: [{ '!=': [{ var: 'AESER' }, 'Y'] }, ...criteria.map((v) => eq(v, 'Y'))] },
          group: 'AELOG',
          severity: 'warning',
          message: 'The event is serious: answer Yes to at least one seriousness criterion.',
        },
        {
          id: 'AE_DEATH_OUTCOME_FATAL',
          kind: 'expression',
          expression: { or: [neq('AESDTH', 'Y'), eq('AEOUT', 'FATAL')] },
          group: 'AELOG',
          severity: 'warning',
          message: 'The event resulted in death: the outcome should be Fatal.',
        },
      ];
      return { fields, checks };
    },
  },
  {
    domain: 'DS',
    category: 'Visit',
    cdashGroup: 'DS.StudyParticipation',
    description:
      'End-of-study disposition: the subject status (completed or the reason for not completing) with the disposition date, the reason in words and, for a death, the date of death. DSCAT (DISPOSITION EVENT) and EPOCH are assigned by the study design, not entered.',
    build(b) {
      const statuses = new Map<string, CodeItem>();
      for (const r of b.ref.cosmosRows(
        (r) =>
          r.domain === 'DS' && r.variable_name === 'DSDECOD' && r.codelist_submission_value === 'NCOMPLT',
      )) {
        const code = r.prepopulated_term ?? '';
        if (code && !statuses.has(code)) {
          statuses.set(code, { code: storedCode(code), label: readableLabel(code, true) });
          b.noteSource('cosmos', r.crf_group_id ?? '');
        }
      }
      const first = (c: string) => (c === 'COMPLETED' ? 0 : 1);
      const codeList = [...statuses.values()].sort(
        (x, y) => first(x.code) - first(y.code) || x.label.localeCompare(y.label, 'en'),
      );
      const notCompleted = { and: [filled('DSDECOD'), neq('DSDECOD', 'COMPLETED')] };
      const fields = [
        b.field('DSDECOD', 'singleChoice', {
          label: 'Subject Status',
          help: "What was the subject's status at the end of the study?",
          required: true,
          codeList,
        }),
        b.field('DSTERM', 'text', {
          label: 'Specify',
          help: 'If the subject did not complete, describe the reason.',
          showIf: notCompleted,
          maxLength: 200,
        }),
        b.field('DSSTDAT', 'date', { required: true }),
        b.field('DTHDAT', 'date', { showIf: eq('DSDECOD', 'DEATH') }),
      ];
      const checks: CheckDraft[] = [
        {
          id: 'DS_DSTERM_REQUIRED',
          kind: 'requiredIf',
          field: 'DSTERM',
          when: notCompleted,
          severity: 'warning',
          message: 'The subject did not complete: describe the reason.',
        },
        {
          id: 'DS_DTHDAT_REQUIRED',
          kind: 'requiredIf',
          field: 'DTHDAT',
          when: eq('DSDECOD', 'DEATH'),
          severity: 'warning',
          message: 'The subject died: give the date of death.',
        },
        {
          id: 'DS_DEATH_NOT_AFTER_DISPOSITION',
          kind: 'compare',
          left: 'DTHDAT',
          operator: '<=',
          right: 'DSSTDAT',
          severity: 'warning',
          message: 'The date of death is after the disposition date.',
        },
      ];
      return { fields, checks };
    },
  },
];

export function buildLibrary(referenceDir: string): LibraryFormOut[] {
  const ref = new Reference(referenceDir);
  return FORMS.map((spec) => {
    const b = new FormBuilder(ref, spec.domain, spec.cdashGroup);
    const { fields, checks } = spec.build(b);
    const parsed = formDefinition.safeParse({ fields, checks });
    if (!parsed.success)
      throw new Error(
        `${spec.domain}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
      );
    return {
      domain: spec.domain,
      name: spec.name ?? b.title(),
      category: spec.category,
      description: spec.description,
      source: b.source(),
      definition: parsed.data,
    };
  });
}

export async function renderLibrary(forms: LibraryFormOut[], outFile: string): Promise<string> {
  // The repo's settings wherever the file goes, so a copy written elsewhere (the up-to-date test) is identical.
  const config = (await prettier.resolveConfig(DEFAULT_OUT)) ?? {};
  return prettier.format(JSON.stringify(forms, null, 2), { ...config, parser: 'json', filepath: outFile });
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const referenceDir = path.resolve(
    argValue(args, '--reference') ?? path.join(REPO_ROOT, '..', 'shared', 'reference'),
  );
  const outFile = path.resolve(argValue(args, '--out') ?? DEFAULT_OUT);
  const forms = buildLibrary(referenceDir);
  const text = await renderLibrary(forms, outFile);
  mkdirSync(path.dirname(outFile), { recursive: true });
  writeFileSync(outFile, text);
  const summary = forms
    .map((f) => `${f.domain} ${f.definition.fields.length}f/${f.definition.checks.length}c`)
    .join(', ');
  console.log(
    `Wrote ${path.relative(process.cwd(), outFile)} (${Math.round(text.length / 1024)} KB): ${summary}`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exitCode = 1;
  });
}
