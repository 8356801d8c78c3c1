// Safe JSON-logic evaluation for form expressions (skip logic, formulas, requiredIf, expression
// checks) with json-logic-js: data, never eval. An expression that throws, or uses an operation not
// on the list below, yields FAILED instead of crashing the evaluator.
import jsonLogic from 'json-logic-js';
import type { AdditionalOperation, RulesLogic } from 'json-logic-js';
import type { LogicExpression } from './definition.ts';
import { daysBetween, isEmptyValue } from './values.ts';

// Custom operations. json-logic-js 2.0.5 has one global operation table (no private instances), so
// startEvaluation() (re)installs them on it: the same functions every time, hence idempotent.
//   is_empty(x)              true for null, blank text or [] (the evaluator's meaning of empty).
//   date_diff_days(from, to) whole days to − from for two full YYYY-MM-DD dates, else null.
const CUSTOM_OPERATIONS: Record<string, (...args: any[]) => unknown> = {
  is_empty: (value: unknown) => isEmptyValue(value),
  date_diff_days: (from: unknown, to: unknown) => daysBetween(from, to),
};
// Only these operations run ('log' writes to the console, and whatever another module added to the
// global table is not ours), with at most 2 nested iterations (map/filter/...) so rows cannot blow up.
const ALLOWED = new Set([
  ...['var', 'missing', 'missing_some', 'if', '?:', '==', '===', '!=', '!==', '!', '!!', 'or', 'and', '>', '>=', '<', '<='],
  ...['max', 'min', '+', '-', '*', '/', '%', 'map', 'filter', 'reduce', 'all', 'none', 'some', 'merge', 'in', 'cat', 'substr'],
  ...Object.keys(CUSTOM_OPERATIONS),
]);
const ITERATING = new Set(['map', 'filter', 'reduce', 'all', 'none', 'some']);
const MAX_DEPTH = 40;

export const FAILED = Symbol('failed');
/** The values an expression reads with `var`. */
export type Scope = Record<string, unknown>;

// Verdicts of isSafeLogic per expression object, kept for one evaluation only: a definition edited
// in place (the form builder) is checked again next time.
let verdicts = new WeakMap<object, boolean>();

/** Call once at the start of each evaluation. */
export function startEvaluation() {
  for (const [name, op] of Object.entries(CUSTOM_OPERATIONS)) jsonLogic.add_operation(name, op);
  verdicts = new WeakMap();
}

function isSafeLogic(node: unknown, depth = 0, loops = 0): boolean {
  if (depth > MAX_DEPTH) return false;
  if (Array.isArray(node)) return node.every((n) => isSafeLogic(n, depth + 1, loops));
  if (node === null || typeof node !== 'object') return true;
  const keys = Object.keys(node);
  if (keys.length !== 1) return true; // not logic: json-logic returns such an object as data
  const op = keys[0] ?? '';
  const nested = ITERATING.has(op) ? loops + 1 : loops;
  return ALLOWED.has(op) && nested <= 2 && isSafeLogic((node as Record<string, unknown>)[op], depth + 1, nested);
}

/** Runs an expression; FAILED when it throws or uses an operation that is not allowed. */
export function run(logic: LogicExpression, data: Scope): unknown {
  try {
    let safe = typeof logic === 'object' && logic !== null ? verdicts.get(logic) : true;
    if (safe === undefined) {
      safe = isSafeLogic(logic);
      verdicts.set(logic as object, safe);
    }
    return safe ? jsonLogic.apply(logic as RulesLogic<AdditionalOperation>, data) : FAILED;
  } catch {
    return FAILED;
  }
}

/** JSON-logic truthiness ([] is false); a failed expression is not true. */
export const truthy = (value: unknown) => value !== FAILED && jsonLogic.truthy(value);

/**
 * The field codes an expression reads as inputs: `var` names outside iteration bodies. A `var` with
 * a default ({"var": ["X", 0]}) is an optional input and not listed.
 */
export function inputsOf(node: unknown, into: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((n) => inputsOf(n, into));
  if (node === null || typeof node !== 'object' || Array.isArray(node) || Object.keys(node).length !== 1) return into;
  const [op = '', args] = Object.entries(node)[0] ?? [];
  const list: unknown[] = Array.isArray(args) ? args : [args];
  if (op === 'var') {
    if (list.length === 1 && (typeof list[0] === 'string' || typeof list[0] === 'number') && list[0] !== '') into.push(String(list[0]));
  } else if (ITERATING.has(op)) {
    inputsOf(list[0], into); // the body reads the item, not the form
  } else if (op !== 'missing' && op !== 'missing_some') {
    inputsOf(list, into);
  }
  return into;
}
