// Reading and writing entered values: a field's raw value out of the controlled FormValues, and a
// copy with one key changed (an empty value removes the key, so "nothing entered" is one shape).
import type { FormDefinition, FormEvaluation, FormRowValues, ScalarValue } from '@ctp/contracts';

/** What a control emits: undefined means empty (the key is removed). */
export type EnteredValue = ScalarValue | undefined;

export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A copy of `record` with `key` set, or removed when `value` is undefined. */
export function withKey<T extends Record<string, unknown>>(
  record: T,
  key: string,
  value: T[string] | undefined,
): T {
  const next = { ...record };
  if (value === undefined) delete next[key];
  else (next as Record<string, unknown>)[key] = value;
  return next;
}

/** A group's rows as entered: anything that is not a row reads as an empty row (the evaluator flags it). */
export function rowsOf(value: unknown): FormRowValues[] {
  return Array.isArray(value)
    ? value.map((row: unknown) => (isRecord(row) ? (row as FormRowValues) : {}))
    : [];
}

/** Text to show in a text-like control. */
export function asText(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

/** Shown unless the evaluator hid it (skip logic). */
export const isShown = (evaluation: FormEvaluation, path: string) => evaluation.visible[path] !== false;

export const rowPath = (group: string, row: number) => `${group}.${row}`;
export const subPath = (group: string, row: number, code: string) => `${group}.${row}.${code}`;

/** The paths the renderer shows: visible fields and groups, rows of visible groups, visible sub-fields. */
export function renderedPaths(
  definition: FormDefinition,
  evaluation: FormEvaluation,
  values: Record<string, unknown>,
) {
  const fields = new Set<string>();
  const rows = new Set<string>();
  for (const field of definition.fields) {
    if (!isShown(evaluation, field.code)) continue;
    fields.add(field.code);
    if (field.type !== 'repeatingGroup') continue;
    rowsOf(values[field.code]).forEach((_, i) => {
      rows.add(rowPath(field.code, i));
      for (const sub of field.fields)
        if (isShown(evaluation, subPath(field.code, i, sub.code)))
          fields.add(subPath(field.code, i, sub.code));
    });
  }
  return { fields, rows };
}
