// The one edit-check evaluator for eCRF forms: the browser runs it as the user types (live
// messages), the server runs it on save (authoritative). Pure and deterministic: no clock, no I/O,
// no node imports. Expressions are JSON-logic data run by json-logic-js, never eval'd.
//
// Order of work: (1) parse every entered value, so skip logic may read any field; (2) in definition
// order decide each field's visibility, compute calculated fields and check each visible value, so
// a calculated field may use an earlier one and a field hidden earlier reads as empty later on;
// (3) run the edit checks on the final values.
//
// Rules:
// - Empty: undefined, null, blank text, [] (see isEmptyValue). Empty values are not stored.
// - Hidden (showIf false): never required, never checked, value dropped; a hidden group drops its
//   rows. A showIf that fails to evaluate shows the field.
// - required: 'Label is required' when visible and empty; a group needs a row, and minRows/maxRows
//   hold. A calculated field is never entered, so never 'required'.
// - Type (values.ts): a value that cannot be stored as its type is an error (kind 'type', 'choice'
//   for codes) and is not stored. Numbers are parsed from numeric strings, text is trimmed.
// - Field range: outside [min, max] is an error when hard, a warning when soft.
// - Edit checks: requiredIf, range and compare report on their field (compare: the left one),
//   expression on '#id'; a check on a hidden field, with an empty side, or whose expression throws
//   is skipped. A check with `group` (or naming a group's sub-field) runs once per row.
// - Calculated: the formula on the parsed values, rounded to `decimals`; null when an input is
//   empty or the result is not finite.
import type { EditCheck, FieldType, FormDefinition, FormField, FormRowValues, FormValues, LogicExpression, RepeatingGroupField, ScalarField } from './definition.ts';
import { FAILED, inputsOf, run, startEvaluation, truthy, type Scope } from './logic.ts';
import { comparePartialDates, isEmptyValue, parseFieldValue, roundTo, type ParsedValue, type StoredScalar } from './values.ts';
import { englishText, keyedMessage, type KeyedMessage, type MessageParams } from '../server-messages.ts';

export { comparePartialDates, isPartialDate } from './values.ts';

export interface FieldIssue {
  /** 'VSSYSBP'; 'AELOG.2.AETERM' for row 2 (0-based) of group AELOG; '#bmi-plausible' for a fieldless expression check ('AELOG.2.#ae-dates' when it runs per row). */
  path: string;
  /** The field code ('AETERM'), or '' for a fieldless expression check. */
  field: string;
  /** The group row, when inside a repeating group. */
  row?: number;
  /** The edit check's id, when it came from an edit check. */
  checkId?: string;
  kind: 'required' | 'type' | 'range' | 'choice' | 'check';
  severity: 'error' | 'warning';
  /** Plain English, naming no other subject's values. */
  message: string;
  /** A built-in message's key (its English template, server-messages.ts) and values; absent for an author's text. */
  messageKey?: string;
  params?: MessageParams;
}
export interface FormEvaluation {
  /** The values to store: hidden fields and unknown keys removed, calculated fields computed, numbers parsed from numeric strings, text trimmed. Empty values and values refused by their type check are left out. */
  values: FormValues;
  /** Visibility by path (top-level code, or GROUP.row.SUB). Every top-level field has an entry, every group sub-field one per row. */
  visible: Record<string, boolean>;
  /** Computed value of each calculated field by path (null when an input is missing, the field is hidden or the result is not finite). */
  calculated: Record<string, number | null>;
  issues: FieldIssue[];
}
export type EvaluationMode = 'draft' | 'submit';

// --- Evaluation ----------------------------------------------------------------------------------

/** A calculated value: null when an input is missing or the result is not a finite number. */
function calculate(field: { formula: LogicExpression; decimals?: number }, scope: Scope): number | null {
  if (inputsOf(field.formula).some((name) => run({ var: name }, scope) === null)) return null;
  const result = run(field.formula, scope);
  return typeof result === 'number' && Number.isFinite(result) ? roundTo(result, field.decimals ?? 1) : null;
}

/** Null-prototype records: a field code such as 'constructor' never reaches Object.prototype. */
const record = <T = unknown>(from: object = {}): Record<string, T> => Object.assign(Object.create(null) as Record<string, T>, from);
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const own = (values: Record<string, unknown>, key: string) => (Object.hasOwn(values, key) ? values[key] : undefined);

interface Row {
  parsed: Map<string, ParsedValue>;
  /** The row's values as expressions see them: parsed, null when empty, hidden or refused. */
  scope: Scope;
}
interface State {
  scope: Scope;
  rows: Map<string, Row[]>;
  out: FormValues;
  visible: Record<string, boolean>;
  calculated: Record<string, number | null>;
  issues: FieldIssue[];
  /** Paths whose value was refused by its type check (a requiredIf does not add 'is required' to it). */
  refused: Set<string>;
}
interface Place {
  path: string;
  group?: string;
  row?: number;
}

function addIssue(state: State, at: Place, field: string, kind: FieldIssue['kind'], severity: FieldIssue['severity'], message: string | KeyedMessage, checkId?: string) {
  const text = typeof message === 'string' ? { message } : { message: englishText(message), messageKey: message.key, params: message.params };
  state.issues.push({ path: at.path, field, ...(at.row === undefined ? {} : { row: at.row }), ...(checkId ? { checkId } : {}), kind, severity, ...text });
}

/** The built-in message of a value outside its range, with the unit when the field has one. */
function rangeMessage(min: number | undefined, max: number | undefined, unit: string | undefined): KeyedMessage {
  const name = min !== undefined && max !== undefined ? 'rangeBetween' : min !== undefined ? 'rangeAtLeast' : 'rangeAtMost';
  const params: MessageParams = { ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}), ...(unit ? { unit } : {}) };
  return keyedMessage(unit ? (`${name}Unit` as const) : name, params);
}

/** Skip logic. A showIf that fails to evaluate shows the field: better asked than silently dropped. */
function isShown(showIf: LogicExpression | undefined, scope: Scope): boolean {
  if (showIf === undefined) return true;
  const result = run(showIf, scope);
  return result === FAILED || truthy(result);
}

const subPath = (group: string, row: number, code: string) => `${group}.${row}.${code}`;

export function evaluateForm(definition: FormDefinition, values: FormValues): FormEvaluation {
  startEvaluation();
  const input: Record<string, unknown> = isRecord(values) ? values : {};
  const state: State = { scope: record(), rows: new Map(), out: {}, visible: {}, calculated: {}, issues: [], refused: new Set() };
  const parsed = new Map<string, ParsedValue>();

  // (1) Parse first. Unknown keys are never read, so they are dropped.
  for (const field of definition.fields) {
    if (field.type === 'repeatingGroup') {
      const raw = own(input, field.code);
      const rows = (Array.isArray(raw) ? raw : []).map((r: unknown): Row => {
        const row: Row = { parsed: new Map(), scope: record() };
        for (const sub of field.fields) {
          const value = parseFieldValue(sub, isRecord(r) ? own(r, sub.code) : undefined); // null for a calculated field
          row.parsed.set(sub.code, value);
          row.scope[sub.code] = value.value;
        }
        return row;
      });
      state.rows.set(field.code, rows);
      state.scope[field.code] = rows.map((r) => r.scope);
    } else {
      // A calculated field ignores any entered value: it parses to null and is computed in (2).
      const value = parseFieldValue(field, own(input, field.code));
      parsed.set(field.code, value);
      state.scope[field.code] = value.value;
    }
  }

  // (2) Visibility, calculation and field checks in definition order.
  for (const field of definition.fields) {
    const shown = isShown(field.showIf, state.scope);
    state.visible[field.code] = shown;
    if (field.type === 'repeatingGroup') {
      evaluateGroup(field, own(input, field.code), shown, state);
    } else if (!shown) {
      // Hidden: never required, value dropped, read as empty by later expressions.
      state.scope[field.code] = null;
      if (field.type === 'calculated') state.calculated[field.code] = null;
    } else {
      const value = field.type === 'calculated' ? calculate(field, state.scope) : checkValue(field, parsed.get(field.code) ?? { value: null }, { path: field.code }, state);
      if (field.type === 'calculated') state.calculated[field.code] = value as number | null;
      state.scope[field.code] = value;
      if (value !== null) state.out[field.code] = value;
    }
  }

  // (3) Edit checks on the final values.
  for (const check of definition.checks ?? []) runCheck(check, definition.fields, state);

  return { values: state.out, visible: state.visible, calculated: state.calculated, issues: state.issues };
}

/** Checks one visible, entered (not calculated) value: type, required, range. Returns what to store. */
function checkValue(field: ScalarField, parsed: ParsedValue, at: Place, state: State): StoredScalar | null {
  if (parsed.problem) {
    state.refused.add(at.path);
    addIssue(state, at, field.code, parsed.problem.kind, 'error', parsed.problem.message);
    return null;
  }
  if (parsed.value === null) {
    if (field.required) addIssue(state, at, field.code, 'required', 'error', keyedMessage('required', { label: field.label }));
    return null;
  }
  // Outside [min, max]: an error for a hard range, a warning (a query) for a soft one.
  if ((field.type === 'integer' || field.type === 'decimal') && field.range && typeof parsed.value === 'number') {
    const { min, max, message } = field.range;
    if ((min !== undefined && parsed.value < min) || (max !== undefined && parsed.value > max)) {
      addIssue(state, at, field.code, 'range', field.range.severity === 'hard' ? 'error' : 'warning', message ?? rangeMessage(min, max, field.unit));
    }
  }
  return parsed.value;
}

/** A group's rows: count limits, then per row its sub-fields (row fields beside the form's, row wins). */
function evaluateGroup(field: RepeatingGroupField, raw: unknown, shown: boolean, state: State) {
  const rows = state.rows.get(field.code) ?? [];
  const at: Place = { path: field.code };
  if (!shown) {
    // A hidden group drops its rows.
    rows.forEach((_, i) => field.fields.forEach((sub) => (state.visible[subPath(field.code, i, sub.code)] = false)));
    field.fields.filter((s) => s.type === 'calculated').forEach((s) => rows.forEach((_, i) => (state.calculated[subPath(field.code, i, s.code)] = null)));
    state.rows.set(field.code, []);
    state.scope[field.code] = [];
    return;
  }
  if (!isEmptyValue(raw) && !Array.isArray(raw)) {
    state.refused.add(field.code);
    addIssue(state, at, field.code, 'type', 'error', keyedMessage('rowList'));
  } else if (rows.length === 0 && field.required && (field.minRows ?? 0) <= 1) {
    addIssue(state, at, field.code, 'required', 'error', keyedMessage('required', { label: field.label }));
  } else if (rows.length < (field.minRows ?? 0)) {
    addIssue(state, at, field.code, 'required', 'error', keyedMessage('tooFewRows', { label: field.label, count: field.minRows }));
  } else if (rows.length > (field.maxRows ?? 50)) {
    addIssue(state, at, field.code, 'range', 'error', keyedMessage('tooManyRows', { label: field.label, count: field.maxRows }));
  }
  const stored: FormRowValues[] = rows.map((row, i) => {
    const rowAt: Place = { path: `${field.code}.${i}`, group: field.code, row: i };
    if (!isRecord((Array.isArray(raw) ? raw : [])[i])) addIssue(state, rowAt, field.code, 'type', 'error', keyedMessage('rowFields'));
    const out: FormRowValues = {};
    // Expressions in a row see the row's fields beside the form's; the row wins.
    const scope = Object.assign(record(state.scope), row.scope);
    for (const sub of field.fields) {
      const path = subPath(field.code, i, sub.code);
      const shownSub = isShown(sub.showIf, scope);
      state.visible[path] = shownSub;
      let value: StoredScalar | null = null;
      if (shownSub && sub.type === 'calculated') value = calculate(sub, scope);
      else if (shownSub) value = checkValue(sub, row.parsed.get(sub.code) ?? { value: null }, { path, group: field.code, row: i }, state);
      if (sub.type === 'calculated') state.calculated[path] = value as number | null;
      row.scope[sub.code] = scope[sub.code] = value;
      if (value !== null) out[sub.code] = value;
    }
    return out;
  });
  if (stored.length > 0) state.out[field.code] = stored;
}

// --- Edit checks ---------------------------------------------------------------------------------

interface Ref {
  at: Place;
  field: FormField | ScalarField;
  value: unknown;
  visible: boolean;
}

/** The group a check runs per row of: its own `group`, else the group of the field it names. */
function checkGroup(check: EditCheck, fields: readonly FormField[]): string | undefined {
  if (check.group) return check.group;
  const codes = check.kind === 'compare' ? [check.left, check.right] : check.kind === 'expression' ? [] : [check.field];
  return fields.find((f) => f.type === 'repeatingGroup' && f.fields.some((s) => codes.includes(s.code)))?.code;
}

/** A field as seen from a row of `group` (its sub-fields) or from the form (top-level fields). */
function resolve(code: string, fields: readonly FormField[], state: State, group?: string, row?: number): Ref | null {
  const groupField = fields.find((f): f is RepeatingGroupField => f.type === 'repeatingGroup' && f.code === group);
  const sub = groupField?.fields.find((s) => s.code === code);
  if (sub && group !== undefined && row !== undefined) {
    const path = subPath(group, row, code);
    return { at: { path, group, row }, field: sub, value: state.rows.get(group)?.[row]?.scope[code], visible: state.visible[path] === true };
  }
  const top = fields.find((f) => f.code === code);
  return top ? { at: { path: code }, field: top, value: state.scope[code], visible: state.visible[code] === true } : null;
}

type CompareAs = 'number' | 'date' | 'time' | 'equal' | null;
function compareAs(type: FieldType): CompareAs {
  if (type === 'integer' || type === 'decimal' || type === 'calculated') return 'number';
  if (type === 'date' || type === 'partialDate') return 'date';
  if (type === 'time') return 'time';
  return type === 'multipleChoice' || type === 'repeatingGroup' ? null : 'equal';
}

/** Sign of left − right, or null when the two cannot be ordered (text and codes: only ==, !=). */
function order(as: CompareAs, a: unknown, b: unknown): number | null {
  if (as === 'number' && typeof a === 'number' && typeof b === 'number') return Math.sign(a - b);
  if (as === 'date' && typeof a === 'string' && typeof b === 'string') return comparePartialDates(a, b);
  if (as === 'time' && typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  return null;
}
const HOLDS: Record<string, (sign: number) => boolean> = {
  '<': (s) => s < 0,
  '<=': (s) => s <= 0,
  '>': (s) => s > 0,
  '>=': (s) => s >= 0,
  '==': (s) => s === 0,
  '!=': (s) => s !== 0,
};

/** Runs one check, once per row when it belongs to a group (a hidden group has no rows). */
function runCheck(check: EditCheck, fields: readonly FormField[], state: State) {
  const group = checkGroup(check, fields);
  const places: Array<{ row?: number; scope: Scope }> = group
    ? (state.rows.get(group) ?? []).map((r, row) => ({ row, scope: Object.assign(record(state.scope), r.scope) }))
    : [{ scope: state.scope }];
  for (const { row, scope } of places) {
    const fail = (at: Place, field: string) => addIssue(state, at, field, 'check', check.severity ?? 'warning', check.message, check.id);
    if (check.kind === 'expression') {
      // Fails when falsy; skipped when it throws.
      const result = run(check.expression, scope);
      const at = row === undefined ? { path: `#${check.id}` } : { path: `${group}.${row}.#${check.id}`, group, row };
      if (result !== FAILED && !truthy(result)) fail(at, '');
      continue;
    }
    const target = resolve(check.kind === 'compare' ? check.left : check.field, fields, state, group, row);
    if (!target?.visible) continue; // a check on a hidden field is skipped
    if (check.kind === 'requiredIf') {
      // `field` must have a value while `when` holds.
      if (truthy(run(check.when, scope)) && isEmptyValue(target.value) && !state.refused.has(target.at.path)) fail(target.at, check.field);
    } else if (check.kind === 'range') {
      const v = target.value;
      if (typeof v === 'number' && ((check.min !== undefined && v < check.min) || (check.max !== undefined && v > check.max))) fail(target.at, check.field);
    } else {
      // left <operator> right; skipped when either side is empty, hidden or the two cannot be compared.
      const right = resolve(check.right, fields, state, group, row);
      if (!right?.visible || isEmptyValue(target.value) || isEmptyValue(right.value)) continue;
      const as = compareAs(target.field.type);
      if (as === null || as !== compareAs(right.field.type)) continue;
      const sign = order(as, target.value, right.value);
      const holds =
        sign !== null ? HOLDS[check.operator]?.(sign) : as === 'equal' && (check.operator === '==' || check.operator === '!=') ? (target.value === right.value) === (check.operator === '==') : undefined;
      if (holds === false) fail(target.at, check.left);
    }
  }
}

/** The issues that refuse the save: in 'submit' mode every error; in 'draft' mode only 'type' and 'choice' errors (a value that cannot be stored as its field's type), so incomplete drafts are kept. */
export function blockingIssues(evaluation: FormEvaluation, mode: EvaluationMode): FieldIssue[] {
  return evaluation.issues.filter((issue) => issue.severity === 'error' && (mode === 'submit' || issue.kind === 'type' || issue.kind === 'choice'));
}
