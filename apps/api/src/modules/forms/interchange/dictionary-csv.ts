// Form definitions <-> a CSV data dictionary in the style of REDCap's: one row per field, the form
// named on every row. Written with toCsv (RFC 4180 quoting, spreadsheet-formula guard), read with
// csv-parse (dictionary-read.ts). dictionaryCsvToForms(formsToDictionaryCsv(x)) gives x back (after
// formDefinition defaults).
//
// Mapping (columns in dictionary-model.ts):
// - Variable / Field Name = code; Form Name = form name; Field Label = label; Field Note = help text;
//   Required Field? = 'y' when required; Section Header and Identifier? stay empty (no counterpart).
// - Field Type is REDCap's (text, notes, radio, checkbox, yesno, calc, descriptive), and CTP Field Type
//   ours. Text Validation Type: integer, number or number_Ndp, date_ymd, time; Min/Max = the range.
// - Choices: "code, label | code, label"; a JSON array of {code,label} when a code holds a comma or
//   a pipe, or a label a pipe, since REDCap's format has no escaping. For calc rows the formula in
//   REDCap syntax when it has one (redcap-logic.ts); Formula (JSON Logic) holds the formula itself.
// - Default Value (JSON): the value a new entry starts with ("MILD", 5).
// - Branching Logic: the show-if condition in REDCap syntax when it has one; Show If (JSON Logic)
//   holds the condition itself and wins on import.
// - A repeating group is a 'descriptive' row (CTP Field Type repeatingGroup, Min/Max Rows); each of
//   its fields follows with Group = the group's code.
// - Form OID, Category, Description, Version and the edit checks (JSON array) go on the form's first
//   row. A form without fields has no row, so it is not carried.
import type { FormField, ScalarField } from '@ctp/contracts';
import { toCsv, type Cell } from '../../../csv.ts';
import { COLUMNS, REDCAP_TYPE, type ColumnKey } from './dictionary-model.ts';
import type { InterchangeForm } from './odm-model.ts';
import { logicToRedcap } from './redcap-logic.ts';

export { DictionaryImportError } from './dictionary-model.ts';
export { dictionaryCsvToForms } from './dictionary-read.ts';

const KEYS = Object.keys(COLUMNS) as ColumnKey[];
type Row = Partial<Record<ColumnKey, Cell>>;

/** Choices as "1, Male | 2, Female", or as JSON when that format cannot hold them. */
export function choicesCell(items: readonly { code: string; label: string }[]): string {
  const plain = items.every((i) => !/[,|]/.test(i.code) && !i.label.includes('|'));
  return plain ? items.map((i) => `${i.code}, ${i.label}`).join(' | ') : JSON.stringify(items.map((i) => ({ code: i.code, label: i.label })));
}

function validationOf(f: ScalarField): string | undefined {
  if (f.type === 'integer') return 'integer';
  if (f.type === 'decimal') return f.decimals >= 1 && f.decimals <= 4 ? `number_${f.decimals}dp` : 'number';
  if (f.type === 'date') return 'date_ymd';
  if (f.type === 'time') return 'time';
  return undefined;
}

const json = (value: unknown) => (value === undefined ? undefined : JSON.stringify(value));
const redcap = (value: Parameters<typeof logicToRedcap>[0] | undefined) => (value === undefined ? undefined : logicToRedcap(value));

/** The cells every field has. */
function commonCells(form: InterchangeForm, f: FormField): Row {
  return {
    variable: f.code,
    form: form.name,
    fieldType: REDCAP_TYPE[f.type],
    label: f.label,
    note: f.helpText,
    required: f.required ? 'y' : undefined,
    branching: redcap(f.showIf),
    ctpType: f.type,
    sdtmTarget: f.sdtmTarget,
    cdashVariable: f.cdashVariable,
    showIf: json(f.showIf),
    defaultValue: json(f.defaultValue),
  };
}

function scalarCells(f: ScalarField): Row {
  const row: Row = { validation: validationOf(f) };
  if (f.type === 'text' || f.type === 'longText') row.maxLength = f.maxLength;
  if (f.type === 'integer' || f.type === 'decimal' || f.type === 'calculated') row.unit = f.unit;
  if (f.type === 'decimal' || f.type === 'calculated') row.decimals = f.decimals;
  if ((f.type === 'integer' || f.type === 'decimal') && f.range) {
    Object.assign(row, { min: f.range.min, max: f.range.max, rangeSeverity: f.range.severity, rangeMessage: f.range.message });
  }
  if (f.type === 'singleChoice' || f.type === 'multipleChoice') row.choices = choicesCell(f.codeList);
  if (f.type === 'calculated') Object.assign(row, { choices: redcap(f.formula), formula: json(f.formula) });
  return row;
}

function formCells(form: InterchangeForm): Row {
  const checks = form.definition.checks;
  return {
    formOid: form.oid,
    formCategory: form.category,
    formDescription: form.description,
    formVersion: form.version,
    formChecks: checks.length > 0 ? json(checks) : undefined,
  };
}

function formRows(form: InterchangeForm): Row[] {
  const rows: Row[] = [];
  for (const f of form.definition.fields) {
    if (f.type === 'repeatingGroup') {
      rows.push({ ...commonCells(form, f), minRows: f.minRows, maxRows: f.maxRows });
      for (const sub of f.fields) rows.push({ ...commonCells(form, sub), ...scalarCells(sub), group: f.code });
    } else {
      rows.push({ ...commonCells(form, f), ...scalarCells(f) });
    }
  }
  if (rows[0]) Object.assign(rows[0], formCells(form));
  return rows;
}

export function formsToDictionaryCsv(forms: InterchangeForm[]): string {
  const rows = forms.flatMap(formRows).map((row) => KEYS.map((k) => row[k]));
  return toCsv(
    KEYS.map((k) => COLUMNS[k]),
    rows,
  );
}
