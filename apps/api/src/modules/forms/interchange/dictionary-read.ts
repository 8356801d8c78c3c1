// CSV data dictionary -> form definitions (the format is described in dictionary-csv.ts). Reads our
// own dictionaries exactly, and REDCap's when the CTP columns are absent: REDCap field types and
// validation types give the field type, branching logic and calculations are converted from REDCap
// syntax where they can be (redcap-logic.ts). Every problem is a DictionaryImportError naming the
// row, as a spreadsheet numbers it (the header is row 1).
import { parse } from 'csv-parse/sync';
import { FIELD_TYPES, formDefinition, type FieldType, type LogicExpression } from '@ctp/contracts';
import { compact, parseJson } from './codes.ts';
import { COLUMNS, COLUMN_ALIASES, DictionaryImportError, normaliseHeader, type ColumnKey } from './dictionary-model.ts';
import { FORM_CATEGORIES, type FormCategory, type InterchangeForm } from './odm-model.ts';
import { redcapToLogic } from './redcap-logic.ts';

type Draft = { code: string; type: FieldType } & Record<string, unknown>;

function fail(row: number, message: string): never {
  throw new DictionaryImportError(`Row ${row}: ${message}`);
}

/** One record's cells by column, trimmed, blank as undefined, toCsv's formula-guard apostrophe removed. */
class RowReader {
  constructor(
    private readonly cells: string[],
    private readonly index: Map<ColumnKey, number>,
    readonly row: number,
  ) {}
  get(key: ColumnKey): string | undefined {
    const i = this.index.get(key);
    const raw = i === undefined ? undefined : this.cells[i];
    if (raw === undefined) return undefined;
    const text = (/^'[=+\-@\t\r]/.test(raw) ? raw.slice(1) : raw).trim();
    return text === '' ? undefined : text;
  }
  number(key: ColumnKey, whole = false): number | undefined {
    const text = this.get(key);
    if (text === undefined) return undefined;
    const n = Number(text);
    if (!Number.isFinite(n) || (whole && !Number.isInteger(n))) fail(this.row, `${COLUMNS[key]} must be ${whole ? 'a whole number' : 'a number'}`);
    return n;
  }
  /** JSON-logic from our column, else converted from the REDCap column. */
  logic(jsonKey: ColumnKey, redcapKey: ColumnKey): LogicExpression | undefined {
    const text = this.get(jsonKey);
    if (text !== undefined) {
      const parsed = parseJson(text);
      if (!parsed.ok) fail(this.row, `${COLUMNS[jsonKey]} is not valid JSON`);
      return parsed.value as LogicExpression;
    }
    const redcap = this.get(redcapKey);
    if (redcap === undefined) return undefined;
    try {
      return redcapToLogic(redcap);
    } catch (err) {
      return fail(this.row, `${COLUMNS[redcapKey]}: ${(err as Error).message}`);
    }
  }
}

function columnIndex(header: string[]): Map<ColumnKey, number> {
  const positions = new Map<string, number>();
  header.forEach((h, i) => {
    const key = normaliseHeader(h);
    if (!positions.has(key)) positions.set(key, i);
  });
  const index = new Map<ColumnKey, number>();
  for (const key of Object.keys(COLUMNS) as ColumnKey[]) {
    const names = [COLUMNS[key], ...(COLUMN_ALIASES[key] ?? [])].map(normaliseHeader);
    const found = names.map((n) => positions.get(n)).find((i) => i !== undefined);
    if (found !== undefined) index.set(key, found);
  }
  for (const key of ['variable', 'form', 'label'] as const) {
    if (!index.has(key)) fail(1, `the header has no "${COLUMNS[key]}" column`);
  }
  if (!index.has('fieldType') && !index.has('ctpType')) fail(1, `the header has no "${COLUMNS.fieldType}" column`);
  return index;
}

/** Our type when the CTP column gives one, else REDCap's field and validation types; 'skip' for display-only rows. */
function fieldType(r: RowReader): FieldType | 'skip' {
  const ours = r.get('ctpType');
  if (ours !== undefined) {
    if ((FIELD_TYPES as readonly string[]).includes(ours)) return ours as FieldType;
    return fail(r.row, `${COLUMNS.ctpType} must be one of ${FIELD_TYPES.join(', ')}`);
  }
  const validation = r.get('validation')?.toLowerCase() ?? '';
  switch (r.get('fieldType')?.toLowerCase()) {
    case 'text':
      if (validation === 'integer') return 'integer';
      if (validation.startsWith('number')) return 'decimal';
      if (validation.startsWith('date_')) return 'date';
      if (validation.startsWith('time')) return 'time';
      return 'text';
    case 'notes':
      return 'longText';
    case 'dropdown':
    case 'radio':
      return 'singleChoice';
    case 'checkbox':
      return 'multipleChoice';
    case 'yesno':
    case 'truefalse':
      return 'yesNo';
    case 'calc':
      return 'calculated';
    case 'slider':
      return 'integer';
    case 'descriptive':
      return 'skip';
    default:
      return fail(r.row, `${COLUMNS.fieldType} must be one of text, notes, dropdown, radio, checkbox, yesno, truefalse, calc, slider, descriptive`);
  }
}

/** "1, Male | 2, Female", or the JSON array export writes when that format cannot hold the choices. */
function choices(cell: string | undefined): unknown[] {
  if (cell === undefined) return [];
  if (cell.startsWith('[')) {
    const parsed = parseJson(cell);
    if (parsed.ok && Array.isArray(parsed.value)) return parsed.value;
  }
  return cell
    .split('|')
    .map((item) => item.trim())
    .filter((item) => item !== '')
    .map((item) => {
      const comma = item.indexOf(',');
      return comma < 0 ? { code: item, label: item } : { code: item.slice(0, comma).trim(), label: item.slice(comma + 1).trim() };
    });
}

function range(r: RowReader): Record<string, unknown> | undefined {
  const min = r.number('min');
  const max = r.number('max');
  if (min === undefined && max === undefined) return undefined;
  const severity = r.get('rangeSeverity')?.toLowerCase() ?? 'soft';
  if (severity !== 'soft' && severity !== 'hard') fail(r.row, `${COLUMNS.rangeSeverity} must be soft or hard`);
  return compact({ min, max, severity, message: r.get('rangeMessage') });
}

function decimals(r: RowReader): number | undefined {
  const fromValidation = /^number_(\d+)dp/.exec(r.get('validation')?.toLowerCase() ?? '')?.[1];
  return r.number('decimals', true) ?? (fromValidation === undefined ? undefined : Number(fromValidation));
}

/** A Default Value cell: JSON text or number, else the cell itself as text (what a person types). */
function defaultValueOf(cell: string | undefined): string | number | undefined {
  if (cell === undefined) return undefined;
  try {
    const value = JSON.parse(cell) as unknown;
    if (typeof value === 'string' || typeof value === 'number') return value;
  } catch {
    // Not JSON: the text itself.
  }
  return cell;
}

function rowToField(r: RowReader, type: FieldType): Draft {
  const base: Draft = compact({
    code: r.get('variable') ?? '',
    type,
    label: r.get('label') ?? '',
    helpText: r.get('note'),
    required: /^(y|yes|1|true)$/i.test(r.get('required') ?? ''),
    showIf: r.logic('showIf', 'branching'),
    sdtmTarget: r.get('sdtmTarget'),
    cdashVariable: r.get('cdashVariable'),
    defaultValue: defaultValueOf(r.get('defaultValue')),
  });
  switch (type) {
    case 'text':
    case 'longText':
      return compact({ ...base, maxLength: r.number('maxLength', true) });
    case 'integer':
      return compact({ ...base, unit: r.get('unit'), range: range(r) });
    case 'decimal':
      return compact({ ...base, unit: r.get('unit'), decimals: decimals(r), range: range(r) });
    case 'singleChoice':
    case 'multipleChoice':
      return { ...base, codeList: choices(r.get('choices')) };
    case 'calculated': {
      const formula = r.logic('formula', 'choices');
      if (formula === undefined) fail(r.row, `a calculated field needs a formula (${COLUMNS.formula}, or ${COLUMNS.choices} in REDCap syntax)`);
      return compact({ ...base, formula, decimals: decimals(r), unit: r.get('unit') });
    }
    case 'repeatingGroup':
      return compact({ ...base, minRows: r.number('minRows', true), maxRows: r.number('maxRows', true), fields: [] });
    default:
      return base;
  }
}

interface FormState {
  name: string;
  firstRow: number;
  fields: Draft[];
  groups: Map<string, Draft>;
  rowOf: Map<Draft, number>;
  oid?: string;
  category?: FormCategory;
  description?: string;
  version?: number;
  checks?: unknown;
  checksRow?: number;
}

/** Form-level cells: the first non-empty value of each wins. */
function readFormCells(form: FormState, r: RowReader): void {
  form.oid ??= r.get('formOid');
  form.description ??= r.get('formDescription');
  form.version ??= r.number('formVersion', true);
  const category = r.get('formCategory');
  if (category !== undefined && form.category === undefined) {
    if (!(FORM_CATEGORIES as readonly string[]).includes(category)) fail(r.row, `${COLUMNS.formCategory} must be one of ${FORM_CATEGORIES.join(', ')}`);
    form.category = category as FormCategory;
  }
  const checks = r.get('formChecks');
  if (checks !== undefined && form.checks === undefined) {
    const parsed = parseJson(checks);
    if (!parsed.ok) fail(r.row, `${COLUMNS.formChecks} is not valid JSON`);
    form.checks = parsed.value;
    form.checksRow = r.row;
  }
}

/** Validates one form; a zod issue becomes an error on the row of the field (or checks) it concerns. */
function finish(form: FormState): InterchangeForm {
  const parsed = formDefinition.safeParse({ fields: form.fields, checks: form.checks ?? [] });
  if (!parsed.success) {
    const [issue, ...others] = parsed.error.issues;
    const path = issue?.path ?? [];
    const [top, i, sub, j, ...rest] = path;
    let row = form.firstRow;
    let where: PropertyKey[] = path;
    if (top === 'fields' && typeof i === 'number') {
      const field = form.fields[i];
      const inner = sub === 'fields' && typeof j === 'number' && Array.isArray(field?.fields) ? (field.fields[j] as Draft | undefined) : undefined;
      const at = inner ?? field;
      row = (at && form.rowOf.get(at)) ?? row;
      where = [at?.code || `field ${i + 1}`, ...(inner ? rest : path.slice(2))];
    } else if (top === 'checks') {
      row = form.checksRow ?? row;
    }
    const more = others.length > 0 ? ` (and ${others.length} more)` : '';
    fail(row, `${where.map(String).join('.')}: ${issue?.message ?? 'invalid'}${more}`);
  }
  return compact({ name: form.name, oid: form.oid, category: form.category, description: form.description, version: form.version, definition: parsed.data });
}

export function dictionaryCsvToForms(csv: string): InterchangeForm[] {
  let records: string[][];
  try {
    records = parse(csv, { bom: true, relax_column_count: true, skip_empty_lines: false }) as string[][];
  } catch (err) {
    const line = (err as { lines?: number }).lines;
    throw new DictionaryImportError(`Row ${line ?? 1}: the file is not valid CSV (${(err as { code?: string }).code ?? 'unreadable'}).`);
  }
  const [header, ...body] = records;
  if (!header) return [];
  const index = columnIndex(header);
  const forms = new Map<string, FormState>();
  body.forEach((cells, k) => {
    const row = k + 2;
    if (cells.every((c) => c.trim() === '')) return;
    const r = new RowReader(cells, index, row);
    const name = r.get('form') ?? fail(row, `${COLUMNS.form} is empty`);
    let form = forms.get(name);
    if (!form) forms.set(name, (form = { name, firstRow: row, fields: [], groups: new Map(), rowOf: new Map() }));
    readFormCells(form, r);
    const type = fieldType(r);
    if (type === 'skip') return;
    const field = rowToField(r, type);
    // Caught here rather than by the schema, which can only name the form.
    if ([...form.rowOf.keys()].some((f) => f.code === field.code && field.code !== '')) fail(row, `${field.code} is used twice in this form`);
    form.rowOf.set(field, row);
    const groupCode = r.get('group');
    if (groupCode !== undefined) {
      const group = form.groups.get(groupCode) ?? fail(row, `${COLUMNS.group} ${groupCode} has no repeating-group row above this one in its form`);
      (group.fields as Draft[]).push(field);
    } else {
      form.fields.push(field);
      if (type === 'repeatingGroup') form.groups.set(field.code, field);
    }
  });
  return [...forms.values()].map(finish);
}
