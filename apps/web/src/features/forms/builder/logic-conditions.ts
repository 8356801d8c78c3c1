// Skip logic as a list of simple conditions combined with All (and) or Any (or), to and from
// JSON-logic: {"and":[{"==":[{"var":"SMOKER"},"Y"]}]}; 'is empty' is {"is_empty":[{"var":"X"}]} and
// 'is not empty' {"!":{"is_empty":[{"var":"X"}]}}. An expression the builder cannot show as
// conditions parses to null: it stays editable as raw JSON-logic.
import type { LogicExpression } from '@ctp/contracts';

export const CONDITION_OPERATORS = ['==', '!=', '<', '<=', '>', '>=', 'empty', 'notEmpty'] as const;
export type ConditionOperator = (typeof CONDITION_OPERATORS)[number];
export type ConditionValue = string | number | boolean | null;

export interface Condition {
  field: string;
  operator: ConditionOperator;
  value: ConditionValue;
}
export interface ConditionSet {
  mode: 'all' | 'any';
  conditions: Condition[];
}

export const needsValue = (op: ConditionOperator) => op !== 'empty' && op !== 'notEmpty';

const isObject = (v: unknown): v is Record<string, LogicExpression> => typeof v === 'object' && v !== null && !Array.isArray(v);
const single = (v: unknown): [string, LogicExpression] | null => (isObject(v) && Object.keys(v).length === 1 ? Object.entries(v)[0]! : null);
const only = (arg: LogicExpression): LogicExpression => (Array.isArray(arg) && arg.length === 1 ? arg[0]! : arg);

function varName(v: LogicExpression): string | null {
  const entry = single(v);
  if (!entry || entry[0] !== 'var') return null;
  const name = only(entry[1]);
  return typeof name === 'string' ? name : null;
}

function isEmptyOf(v: LogicExpression): string | null {
  const entry = single(v);
  return entry && entry[0] === 'is_empty' ? varName(only(entry[1])) : null;
}

function parseCondition(v: LogicExpression): Condition | null {
  const entry = single(v);
  if (!entry) return null;
  const [op, arg] = entry;
  if (op === 'is_empty') {
    const field = isEmptyOf(v);
    return field === null ? null : { field, operator: 'empty', value: null };
  }
  if (op === '!') {
    const field = isEmptyOf(only(arg));
    return field === null ? null : { field, operator: 'notEmpty', value: null };
  }
  if (!(CONDITION_OPERATORS as readonly string[]).includes(op) || !Array.isArray(arg) || arg.length !== 2) return null;
  const field = varName(arg[0]!);
  const value = arg[1]!;
  if (field === null || (value !== null && typeof value === 'object')) return null;
  return { field, operator: op as ConditionOperator, value };
}

/** The conditions an expression is made of, or null when it is not a plain list of conditions. */
export function parseConditions(logic: LogicExpression | undefined): ConditionSet | null {
  if (logic === undefined) return { mode: 'all', conditions: [] };
  const entry = single(logic);
  if (entry && (entry[0] === 'and' || entry[0] === 'or') && Array.isArray(entry[1])) {
    const conditions = entry[1].map(parseCondition);
    return conditions.every((c): c is Condition => c !== null) ? { mode: entry[0] === 'and' ? 'all' : 'any', conditions } : null;
  }
  const one = parseCondition(logic);
  return one ? { mode: 'all', conditions: [one] } : null;
}

function conditionLogic(c: Condition): LogicExpression {
  const ref = { var: c.field };
  if (c.operator === 'empty') return { is_empty: [ref] };
  if (c.operator === 'notEmpty') return { '!': { is_empty: [ref] } };
  return { [c.operator]: [ref, c.value] };
}

/** JSON-logic for the conditions; undefined (always shown) when there are none. */
export function conditionsLogic(set: ConditionSet): LogicExpression | undefined {
  if (set.conditions.length === 0) return undefined;
  return { [set.mode === 'all' ? 'and' : 'or']: set.conditions.map(conditionLogic) };
}

/** A typed value: numbers for numeric fields (once the text is a whole number), text otherwise. */
export function typedValue(text: string, numeric: boolean): ConditionValue {
  return numeric && /^-?\d+(\.\d+)?$/.test(text.trim()) ? Number(text) : text;
}
