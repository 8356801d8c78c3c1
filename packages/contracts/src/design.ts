// Trial design: a study's arms, elements and each arm's element sequence (SDTM TA and TE), and the
// planned and actual arm of a subject (DM ARMCD/ACTARMCD). The database checks the same limits.
import { z } from 'zod';
import { text } from './input.ts';
import { id, reason, version } from './common.ts';

/** Epochs the editor offers; any other upper-case epoch name is allowed too. */
export const SUGGESTED_EPOCHS = ['SCREENING', 'RUN-IN', 'TREATMENT', 'FOLLOW-UP'] as const;

const ISO_DURATION = /^P(\d+Y)?(\d+M)?(\d+W)?(\d+D)?(T(\d+H)?(\d+M)?(\d+S)?)?$/;
/** An ISO 8601 duration such as P14D, P6W or PT12H (not the empty P or PT). */
export function isIsoDuration(value: string): boolean {
  return ISO_DURATION.test(value) && !/^PT?$/.test(value) && !value.endsWith('T');
}

const code = (max: number, what: string) =>
  text('code')
    .min(1, `Enter the ${what} code`)
    .max(max, `Use at most ${max} characters for the ${what} code`)
    .regex(/^[A-Z0-9_]+$/, `Use capital letters, digits and underscores only in the ${what} code`);

/** ARMCD: up to 20 characters. */
export const armCode = code(20, 'arm');
/** ETCD: up to 8 characters. */
export const elementCode = code(8, 'element');
/** An epoch name: SCREENING, TREATMENT, FOLLOW-UP ... */
export const epochName = text('code')
  .min(1, 'Enter the epoch')
  .regex(/^[A-Z][A-Z0-9 -]*$/, 'Write the epoch in capital letters (e.g. TREATMENT)');
const rule = text('text').max(1000, 'Use at most 1000 characters for a rule');
const optionalRule = rule.nullish().transform((v) => (v ? v : null));

export const armInput = z.object({
  code: armCode,
  name: text('name').min(1, 'Enter the arm name'),
  description: text('text').nullish().transform((v) => (v ? v : null)),
  order: z.coerce.number().int('Use a whole number').min(1, 'The order starts at 1').max(999, 'Use an order up to 999'),
});
export const armCreateInput = armInput.extend({ studyId: id, reason });
export const armUpdateInput = z.object({ id, version, reason, changes: armInput.partial() });
export const designDeleteInput = z.object({ id, version, reason });

export const elementInput = z
  .object({
    code: elementCode,
    name: text('name').min(1, 'Enter the element name'),
    startRule: rule.min(1, 'Enter the rule that starts the element'),
    endRule: optionalRule,
    plannedDuration: text('code')
      .refine((v) => v === '' || isIsoDuration(v), 'Write the duration in ISO 8601 (e.g. P14D for 14 days, P6W for 6 weeks)')
      .nullish()
      .transform((v) => (v ? v : null)),
  });
const needsEnd = (v: { endRule?: string | null; plannedDuration?: string | null }) => Boolean(v.endRule || v.plannedDuration);
const END_MESSAGE = { message: 'Give an end rule or a planned duration', path: ['endRule'] };
export const elementCreateInput = elementInput.extend({ studyId: id, reason }).refine(needsEnd, END_MESSAGE);
export const elementUpdateInput = z.object({ id, version, reason, changes: elementInput.partial() });

export const armStep = z.object({
  elementId: id,
  epoch: epochName,
  branch: optionalRule,
  transition: optionalRule,
});
/** The whole sequence of an arm, in order (TAETORD = position in the list). */
export const armSequenceInput = z.object({
  armId: id,
  version,
  reason,
  steps: z.array(armStep).max(99, 'An arm has at most 99 elements'),
});

export const studyDesignInput = z.object({ studyId: id });
export const subjectArmQueryInput = z.object({ patientId: id });
/** The subject's planned (randomised) and actual arm; null clears it. */
export const subjectArmInput = z
  .object({ patientId: id, version, reason, plannedArmId: id.nullable(), actualArmId: id.nullable() })
  .refine((v) => v.actualArmId === null || v.plannedArmId !== null, {
    message: 'Assign a planned arm before the actual arm',
    path: ['actualArmId'],
  });

export type ArmInput = z.infer<typeof armInput>;
export type ArmCreateInput = z.infer<typeof armCreateInput>;
export type ArmUpdateInput = z.infer<typeof armUpdateInput>;
export type DesignDeleteInput = z.infer<typeof designDeleteInput>;
export type ElementCreateInput = z.infer<typeof elementCreateInput>;
export type ElementUpdateInput = z.infer<typeof elementUpdateInput>;
export type ArmSequenceInput = z.infer<typeof armSequenceInput>;
export type SubjectArmInput = z.infer<typeof subjectArmInput>;
