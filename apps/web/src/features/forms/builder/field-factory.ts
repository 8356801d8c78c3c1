// New fields with valid defaults for their type, a field turned into another type (keeping what both
// types share), copies with fresh codes, and new edit checks.
import { FIELD_TYPES, type EditCheck, type FieldType, type FormField, type ScalarField } from '@ctp/contracts';

export type ScalarType = Exclude<FieldType, 'repeatingGroup'>;
export const SCALAR_TYPES = FIELD_TYPES.filter((t): t is ScalarType => t !== 'repeatingGroup');
export const NUMERIC_TYPES: readonly FieldType[] = ['integer', 'decimal', 'calculated'];
export const CHECK_KINDS = ['requiredIf', 'range', 'compare', 'expression'] as const;
export type CheckKind = (typeof CHECK_KINDS)[number];

/** The words a new field starts with (translated by the caller). */
export interface NewFieldText {
  label: string;
  option: (n: number) => string;
}

/** A code not yet in `taken`: FIELD1, FIELD2 ... (or PREFIX_2, PREFIX_3 ... for a copy). */
export function freeCode(taken: Iterable<string>, prefix = 'FIELD', separator = ''): string {
  const used = new Set(taken);
  for (let n = separator ? 2 : 1; ; n++) if (!used.has(`${prefix}${separator}${n}`)) return `${prefix}${separator}${n}`;
}

export function newField(type: FieldType, code: string, text: NewFieldText, taken: Iterable<string> = []): FormField {
  const base = { code, label: text.label, required: false };
  switch (type) {
    case 'decimal':
      return { ...base, type, decimals: 1 };
    case 'singleChoice':
    case 'multipleChoice':
      return { ...base, type, codeList: [1, 2].map((n) => ({ code: String(n), label: text.option(n) })) };
    case 'calculated':
      return { ...base, type, formula: null, decimals: 1 };
    case 'repeatingGroup': {
      const sub = newField('text', freeCode([...taken, code]), text) as ScalarField;
      return { ...base, type, fields: [sub], minRows: 0, maxRows: 50 };
    }
    default:
      return { ...base, type } as FormField;
  }
}

/** The settings each type keeps when a field changes type. */
const SETTINGS: Record<FieldType, readonly string[]> = {
  text: ['maxLength'],
  longText: ['maxLength'],
  integer: ['unit', 'range'],
  decimal: ['unit', 'decimals', 'range'],
  date: [],
  partialDate: [],
  time: [],
  singleChoice: ['codeList'],
  multipleChoice: ['codeList'],
  yesNo: [],
  calculated: ['formula', 'decimals', 'unit'],
  repeatingGroup: ['fields', 'minRows', 'maxRows'],
};
const BASE_KEYS = ['code', 'label', 'helpText', 'required', 'showIf', 'cdashVariable', 'sdtmTarget'] as const;

export function convertField(field: FormField, type: FieldType, text: NewFieldText, taken: Iterable<string>): FormField {
  const fresh = newField(type, field.code, text, taken) as Record<string, unknown>;
  const old = field as Record<string, unknown>;
  for (const key of [...BASE_KEYS, ...SETTINGS[type]]) if (old[key] !== undefined) fresh[key] = old[key];
  return fresh as FormField;
}

/** A copy of `field` with codes not in `taken` (a group's sub-fields get fresh codes too). */
export function copyField(field: FormField, taken: Iterable<string>): FormField {
  const used = new Set(taken);
  const fresh = (code: string) => {
    const next = freeCode(used, code, '_');
    used.add(next);
    return next;
  };
  const copy = structuredClone(field);
  copy.code = fresh(field.code);
  if (copy.type === 'repeatingGroup') copy.fields = copy.fields.map((s) => ({ ...s, code: fresh(s.code) }));
  return copy;
}

export function newCheck(kind: CheckKind, id: string, firstField: string): EditCheck {
  const base = { id, message: '', severity: 'warning' as const };
  switch (kind) {
    case 'requiredIf':
      return { ...base, kind, field: firstField, when: { '!': { is_empty: [{ var: firstField }] } } };
    case 'range':
      return { ...base, kind, field: firstField };
    case 'compare':
      return { ...base, kind, left: firstField, operator: '<=', right: firstField };
    case 'expression':
      return { ...base, kind, expression: { '==': [1, 1] } };
  }
}
