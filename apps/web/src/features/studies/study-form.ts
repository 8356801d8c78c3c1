// The study form's values (strings, as inputs hold them), their conversion to the contracts' inputs,
// and the resolvers that validate them with the contracts' zod schemas (one definition of the rules).
import type { Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { reason, studyCreateInput, studyUpdateInput, type StudyCreateInput } from '@ctp/contracts';

export const STUDY_FORM_FIELDS = [
  'studyId',
  'title',
  'description',
  'phase',
  'status',
  'blinding',
  'therapeuticArea',
  'targetEnrollment',
  'startDate',
  'plannedEndDate',
  'actualEndDate',
  'sponsorName',
  'sponsorType',
  'croName',
  'croType',
  'principalInvestigator',
  'principalInvestigatorTitle',
  'studyManager',
  'studyManagerTitle',
  'budgetTotal',
  'currency',
] as const;
export type StudyField = (typeof STUDY_FORM_FIELDS)[number];
export type StudyFormValues = Record<StudyField, string>;
export type StudyEditValues = Omit<StudyFormValues, 'studyId'> & { reason: string };

/** Optional fields: an empty input means "none" (undefined on create, null to clear on edit). */
const OPTIONAL: ReadonlySet<StudyField> = new Set([
  'description',
  'therapeuticArea',
  'startDate',
  'plannedEndDate',
  'actualEndDate',
  'sponsorName',
  'sponsorType',
  'croName',
  'croType',
  'principalInvestigator',
  'principalInvestigatorTitle',
  'studyManager',
  'studyManagerTitle',
  'budgetTotal',
]);

export const EMPTY_STUDY_FORM: StudyFormValues = {
  ...(Object.fromEntries(STUDY_FORM_FIELDS.map((f) => [f, ''])) as StudyFormValues),
  phase: 'Phase I',
  status: 'planning',
  blinding: 'open_label',
  currency: 'USD',
};

function clean<T extends Record<string, string>>(
  values: T,
  blank: null | undefined,
): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(values).map(([k, v]) => [
      k,
      OPTIONAL.has(k as StudyField) && String(v ?? '').trim() === '' ? blank : v,
    ]),
  );
}

const createZod = zodResolver(studyCreateInput);
/** New study: the contracts' studyCreateInput, with empty optional inputs left out. */
export const createStudyResolver: Resolver<StudyFormValues, unknown, StudyCreateInput> = (
  values,
  context,
  options,
) => createZod(clean(values, undefined) as never, context, options as never) as never;

const editSchema = studyUpdateInput.shape.changes.and(z.object({ reason }));
export type StudyEditOutput = z.output<typeof editSchema>;
const editZod = zodResolver(editSchema);
/** Edit: the contracts' update `changes` (partial, dates in order) plus the required reason for change. */
export const editStudyResolver: Resolver<StudyEditValues, unknown, StudyEditOutput> = (
  values,
  context,
  options,
) => editZod(clean(values, null) as never, context, options as never) as never;

/** The form fields whose input differs from what the form was filled with (the reason aside). */
export function changedKeys<T extends Record<string, string>>(current: T, initial: T): (keyof T & string)[] {
  return (Object.keys(initial) as (keyof T & string)[]).filter(
    (k) => k !== 'reason' && String(current[k] ?? '') !== String(initial[k] ?? ''),
  );
}

/** Only the fields the user changed travel to the server; the rest keep their stored values. */
export function changedFields(output: StudyEditOutput, keys: string[]) {
  return Object.fromEntries(keys.map((k) => [k, (output as Record<string, unknown>)[k]])) as z.output<
    typeof studyUpdateInput
  >['changes'];
}

/** What the edit dialog needs of a study, from either the study detail or the trial detail. */
export interface EditableStudy {
  id: number;
  version: number;
  code: string;
  values: Omit<StudyFormValues, 'studyId'>;
}

const str = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));

export function toEditable(s: {
  id: number;
  version: number;
  studyId: string;
  title: string;
  description: string | null;
  phase: string;
  status: string;
  blinding: string;
  therapeutic_area: string | null;
  targetEnrollment: number;
  startDate: string | null;
  plannedEndDate: string | null;
  actualEndDate: string | null;
  sponsorName: string | null;
  sponsorType: string | null;
  croName: string | null;
  croType: string | null;
  principalInvestigator: string | null;
  principalInvestigatorTitle: string | null;
  studyManager: string | null;
  studyManagerTitle: string | null;
  budgetTotal: number | null;
  currency: string;
}): EditableStudy {
  return {
    id: s.id,
    version: s.version,
    code: s.studyId,
    values: {
      title: s.title,
      description: str(s.description),
      phase: s.phase,
      status: s.status,
      blinding: s.blinding,
      therapeuticArea: str(s.therapeutic_area),
      targetEnrollment: str(s.targetEnrollment),
      startDate: str(s.startDate),
      plannedEndDate: str(s.plannedEndDate),
      actualEndDate: str(s.actualEndDate),
      sponsorName: str(s.sponsorName),
      sponsorType: str(s.sponsorType),
      croName: str(s.croName),
      croType: str(s.croType),
      principalInvestigator: str(s.principalInvestigator),
      principalInvestigatorTitle: str(s.principalInvestigatorTitle),
      studyManager: str(s.studyManager),
      studyManagerTitle: str(s.studyManagerTitle),
      budgetTotal: str(s.budgetTotal),
      currency: s.currency,
    },
  };
}
