// Where a field sits in a definition: { index } for a top-level field, { index, sub } for a
// repeating group's sub-field. Pure list edits that keep every untouched field (and its key) as is.
import { arrayMove } from '@dnd-kit/sortable';
import type { FormField, ScalarField } from '@ctp/contracts';
import { carryKey, keyOf } from './field-keys';

export interface FieldPath {
  index: number;
  sub?: number;
}

export const samePath = (a: FieldPath | null, b: FieldPath | null) => !!a && !!b && a.index === b.index && a.sub === b.sub;
const position = (path: FieldPath) => path.sub ?? path.index;

export function fieldAt(fields: readonly FormField[], path: FieldPath | null): FormField | undefined {
  if (!path) return undefined;
  const top = fields[path.index];
  if (path.sub === undefined) return top;
  return top?.type === 'repeatingGroup' ? top.fields[path.sub] : undefined;
}

/** The path of the field with this key, searching sub-fields too. */
export function findPath(fields: readonly FormField[], key: string | null): FieldPath | null {
  if (!key) return null;
  for (const [index, field] of fields.entries()) {
    if (keyOf(field) === key) return { index };
    if (field.type === 'repeatingGroup') {
      const sub = field.fields.findIndex((f) => keyOf(f) === key);
      if (sub >= 0) return { index, sub };
    }
  }
  return null;
}

/** Every code in the form, sub-fields included. */
export function allCodes(fields: readonly FormField[]): string[] {
  return fields.flatMap((f) => (f.type === 'repeatingGroup' ? [f.code, ...f.fields.map((s) => s.code)] : [f.code]));
}

/** Applies `edit` to the list holding `path`: the top-level fields, or the group's sub-fields. */
function editList(fields: readonly FormField[], path: FieldPath, edit: (list: FormField[]) => FormField[]): FormField[] {
  if (path.sub === undefined) return edit([...fields]);
  const group = fields[path.index];
  if (group?.type !== 'repeatingGroup') return [...fields];
  const next = [...fields];
  next[path.index] = carryKey(group, { ...group, fields: edit([...group.fields]) as ScalarField[] });
  return next;
}

export function replaceAt(fields: readonly FormField[], path: FieldPath, field: FormField): FormField[] {
  return editList(fields, path, (list) => {
    list[position(path)] = carryKey(list[position(path)], field);
    return list;
  });
}

export function moveAt(fields: readonly FormField[], path: FieldPath, to: number): FormField[] {
  return editList(fields, path, (list) => (to < 0 || to >= list.length ? list : arrayMove(list, position(path), to)));
}

export function removeAt(fields: readonly FormField[], path: FieldPath): FormField[] {
  return editList(fields, path, (list) => list.filter((_, i) => i !== position(path)));
}

export function insertAfter(fields: readonly FormField[], path: FieldPath, field: FormField): FormField[] {
  return editList(fields, path, (list) => [...list.slice(0, position(path) + 1), field, ...list.slice(position(path) + 1)]);
}

/** Appends to the form, or to the sub-fields of the group at index `group`. */
export function append(fields: readonly FormField[], field: FormField, group?: number): FormField[] {
  if (group === undefined) return [...fields, field];
  return editList(fields, { index: group, sub: 0 }, (list) => [...list, field]);
}

/** The number of siblings of the field at `path` (its list's length). */
export function siblingCount(fields: readonly FormField[], path: FieldPath): number {
  if (path.sub === undefined) return fields.length;
  const group = fields[path.index];
  return group?.type === 'repeatingGroup' ? group.fields.length : 0;
}
