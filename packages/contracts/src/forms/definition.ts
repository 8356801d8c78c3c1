// An eCRF form's definition: its ordered fields and its edit checks, stored as typed JSON
// (forms.definition) and validated by this one schema in the browser and on the server.
// Expressions (skip logic, calculated fields, custom checks) are JSON-logic data over field codes,
// evaluated by evaluate.ts with a JSON-logic interpreter: data, never code.
import { z } from 'zod';
import { text, isStorableText, DOCUMENT_LIMITS, documentTooLargeMessage } from '../input.ts';

export const FIELD_TYPES = [
  'text',
  'longText',
  'integer',
  'decimal',
  'date',
  'partialDate',
  'time',
  'singleChoice',
  'multipleChoice',
  'yesNo',
  'calculated',
  'repeatingGroup',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** The most fields a form holds, and rows a repeating group holds. */
export const FORM_LIMITS = { fields: 300, checks: 300, codeListItems: 500, groupRows: 200, expressionChars: 5000, expressionDepth: 20 } as const;

/** A field's code: the variable name expressions and exports use (CDASH style, e.g. VSSYSBP). */
export const fieldCode = text('code')
  .min(1, 'Give the field a code')
  .regex(/^[A-Za-z][A-Za-z0-9_]*$/, 'Start with a letter; use letters, digits and _ only');

// A JSON-logic expression: plain JSON (objects, arrays, storable strings, finite numbers, booleans,
// null), bounded in depth and size so a stored definition stays small and evaluation cannot run away.
export type LogicExpression = string | number | boolean | null | LogicExpression[] | { [key: string]: LogicExpression };
function logicShapeOk(value: unknown, depth: number): boolean {
  if (depth > FORM_LIMITS.expressionDepth) return false;
  if (value === null || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (typeof value === 'string') return isStorableText(value);
  if (Array.isArray(value)) return value.every((v) => logicShapeOk(v, depth + 1));
  if (typeof value === 'object') {
    if (Object.getPrototypeOf(value) !== Object.prototype) return false;
    return Object.entries(value).every(([k, v]) => isStorableText(k) && logicShapeOk(v, depth + 1));
  }
  return false;
}
export const logicExpression = z.custom<LogicExpression>(
  (v) => {
    if (!logicShapeOk(v, 0)) return false;
    return JSON.stringify(v).length <= FORM_LIMITS.expressionChars;
  },
  { message: `Use a JSON-logic expression of at most ${FORM_LIMITS.expressionChars} characters` },
);

// Coded values are CDISC submission values, some longer than a code (55 characters for a disposition term).
export const codeListItem = z.object({ code: text('name').min(1, 'Give the coded value'), label: text('name').min(1, 'Give the label') });
export type CodeListItem = z.infer<typeof codeListItem>;
const codeList = z
  .array(codeListItem)
  .min(1, 'Add at least one choice')
  .max(FORM_LIMITS.codeListItems)
  .refine((items) => new Set(items.map((i) => i.code)).size === items.length, 'Coded values must be unique');

const finite = z.number().finite().min(-1e12).max(1e12);
/** A range: soft warns (the value is kept and a query raised), hard refuses the value. */
export const fieldRange = z
  .object({
    min: finite.optional(),
    max: finite.optional(),
    severity: z.enum(['soft', 'hard']).default('soft'),
    message: text('text').max(500).optional(),
  })
  .refine((r) => r.min === undefined || r.max === undefined || r.min <= r.max, { message: 'The minimum must not exceed the maximum', path: ['max'] });
export type FieldRange = z.infer<typeof fieldRange>;

const unit = text('code').max(20);

const fieldBase = z.object({
  code: fieldCode,
  label: text('name').min(1, 'Give the field a label'),
  helpText: text('text').max(1000).optional(),
  required: z.boolean().default(false),
  /** Skip logic: the field is shown (and its value kept) only while this is true. */
  showIf: logicExpression.optional(),
  /** The CDASH variable a library field came from (e.g. AESTDAT). */
  cdashVariable: text('code').optional(),
  /** The SDTM target a library field carries, e.g. AE.AESTDTC, or VS.VSORRES where VSTESTCD = SYSBP. */
  sdtmTarget: text('name').optional(),
  /** The value a new entry starts with (a coded value for a choice), e.g. the AE report's 'MILD'. */
  defaultValue: z.union([text('text').max(500), finite]).optional(),
});

const scalarFieldVariants = [
  fieldBase.extend({ type: z.literal('text'), maxLength: z.number().int().min(1).max(4000).optional() }),
  fieldBase.extend({ type: z.literal('longText'), maxLength: z.number().int().min(1).max(4000).optional() }),
  fieldBase.extend({ type: z.literal('integer'), unit: unit.optional(), range: fieldRange.optional() }),
  fieldBase.extend({ type: z.literal('decimal'), unit: unit.optional(), decimals: z.number().int().min(0).max(10).default(1), range: fieldRange.optional() }),
  fieldBase.extend({ type: z.literal('date') }),
  /** Year, year-month or a full date (CDASH allows partial onset dates): YYYY, YYYY-MM, YYYY-MM-DD. */
  fieldBase.extend({ type: z.literal('partialDate') }),
  /** HH:MM, 24-hour. */
  fieldBase.extend({ type: z.literal('time') }),
  fieldBase.extend({ type: z.literal('singleChoice'), codeList }),
  fieldBase.extend({ type: z.literal('multipleChoice'), codeList }),
  /** Stored as the CDISC NY codes 'Y' and 'N'. */
  fieldBase.extend({ type: z.literal('yesNo') }),
  /** Computed from other fields by a JSON-logic formula; never entered. */
  fieldBase.extend({ type: z.literal('calculated'), formula: logicExpression, decimals: z.number().int().min(0).max(10).default(1), unit: unit.optional() }),
] as const;

export const scalarField = z.discriminatedUnion('type', scalarFieldVariants);
export type ScalarField = z.infer<typeof scalarField>;

/** Rows of sub-fields: an adverse event log, concomitant medications. */
export const repeatingGroupField = fieldBase.extend({
  type: z.literal('repeatingGroup'),
  fields: z.array(scalarField).min(1, 'Add at least one field to the group').max(50),
  minRows: z.number().int().min(0).max(FORM_LIMITS.groupRows).default(0),
  maxRows: z.number().int().min(1).max(FORM_LIMITS.groupRows).default(50),
});
export type RepeatingGroupField = z.infer<typeof repeatingGroupField>;

export const formField = z.discriminatedUnion('type', [...scalarFieldVariants, repeatingGroupField]);
export type FormField = z.infer<typeof formField>;

export const COMPARE_OPERATORS = ['<', '<=', '>', '>=', '==', '!='] as const;
/** error: the value is refused on submit; warning: it is saved and the failure stays open (a query). */
export const checkSeverity = z.enum(['error', 'warning']);

const checkBase = z.object({
  /** Stable within the form: an automatic query names the check it came from. */
  id: text('code').min(1).regex(/^[A-Za-z0-9_-]+$/, 'Use letters, digits, _ and - only'),
  message: text('text').max(500).min(1, 'Give the message the user sees'),
  severity: checkSeverity.default('warning'),
  /** Evaluate once per row of this repeating group (the row's fields beside the form's). */
  group: fieldCode.optional(),
});
export const editCheck = z.discriminatedUnion('kind', [
  /** `field` must have a value while `when` is true. */
  checkBase.extend({ kind: z.literal('requiredIf'), field: fieldCode, when: logicExpression }),
  checkBase.extend({ kind: z.literal('range'), field: fieldCode, min: finite.optional(), max: finite.optional() }),
  /** left <operator> right must hold (dates compare as dates): end date not before start date. */
  checkBase.extend({ kind: z.literal('compare'), left: fieldCode, operator: z.enum(COMPARE_OPERATORS), right: fieldCode }),
  /** Passes while the expression is true. */
  checkBase.extend({ kind: z.literal('expression'), expression: logicExpression }),
]);
export type EditCheck = z.infer<typeof editCheck>;

/** Fields counted as a form's size: a repeating group's sub-fields count one by one. */
export function countFields(def: { fields: readonly FormField[] }): number {
  return def.fields.reduce((n, f) => n + (f.type === 'repeatingGroup' ? f.fields.length : 1), 0);
}

function fieldCodes(fields: readonly FormField[]): string[] {
  return fields.flatMap((f) => (f.type === 'repeatingGroup' ? [f.code, ...f.fields.map((s) => s.code)] : [f.code]));
}

export const formDefinition = z
  .object({
    fields: z.array(formField).max(FORM_LIMITS.fields),
    checks: z.array(editCheck).max(FORM_LIMITS.checks).default([]),
  })
  .superRefine((def, ctx) => {
    // Its size as JSON (DOCUMENT_LIMITS.formDefinition): per-field bounds alone allow far more than a
    // request body carries, and an imported form must fit what forms.saveDraft takes back.
    if (JSON.stringify(def).length > DOCUMENT_LIMITS.formDefinition) {
      ctx.addIssue({ code: 'custom', path: [], message: documentTooLargeMessage('formDefinition') });
      return;
    }
    const codes = fieldCodes(def.fields);
    const seen = new Set<string>();
    codes.forEach((code) => {
      if (seen.has(code)) ctx.addIssue({ code: 'custom', path: ['fields'], message: `Field code ${code} is used twice` });
      seen.add(code);
    });
    const groups = new Set(def.fields.filter((f) => f.type === 'repeatingGroup').map((f) => f.code));
    const ids = new Set<string>();
    def.checks.forEach((check, i) => {
      if (ids.has(check.id)) ctx.addIssue({ code: 'custom', path: ['checks', i, 'id'], message: `Check ${check.id} is defined twice` });
      ids.add(check.id);
      const refs = check.kind === 'compare' ? [check.left, check.right] : check.kind === 'expression' ? [] : [check.field];
      for (const ref of refs) {
        if (!seen.has(ref)) ctx.addIssue({ code: 'custom', path: ['checks', i], message: `Check ${check.id} names an unknown field ${ref}` });
      }
      if (check.group && !groups.has(check.group)) {
        ctx.addIssue({ code: 'custom', path: ['checks', i, 'group'], message: `Check ${check.id} names an unknown repeating group ${check.group}` });
      }
    });
  })
  .meta({ document: 'formDefinition' });
export type FormDefinition = z.infer<typeof formDefinition>;
export type FormDefinitionInput = z.input<typeof formDefinition>;

// --- Entered values -----------------------------------------------------------------------------
// A value as entered: text and codes as strings, numbers as numbers, multiple choice as a list of
// codes, a repeating group as a list of rows. Unknown codes are refused by the evaluator, not here.
const scalarValue = z.union([text('text', { trim: false }).max(4000), z.number().finite().min(-1e12).max(1e12), z.boolean(), z.null(), z.array(text('name', { trim: false })).max(FORM_LIMITS.codeListItems)]);
export type ScalarValue = z.infer<typeof scalarValue>;
const recordKey = text('code', { trim: false });
export const formRowValues = z.record(recordKey, scalarValue);
export const formValues = z.record(recordKey, z.union([scalarValue, z.array(formRowValues).max(FORM_LIMITS.groupRows)]));
export type FormRowValues = z.infer<typeof formRowValues>;
export type FormValues = z.infer<typeof formValues>;
