import { z } from 'zod';
import { patientStatus, sex } from './enums.ts';
import { id, isoDate, reason, version, pagination } from './common.ts';

/** The spec's Patient: studyId is the study's numeric id; studyCode and studyTitle name it. */
export const patientSummary = z.object({
  id: z.number().int(),
  patientId: z.string(),
  studyId: z.number().int(),
  studyCode: z.string(),
  studyTitle: z.string(),
  siteId: z.number().int(),
  siteName: z.string(),
  status: patientStatus,
  demographics: z.object({ age: z.number().int().nullable(), gender: z.string().nullable(), ethnicity: z.string().nullable() }),
  visitProgress: z.object({ completed: z.number().int(), total: z.number().int() }),
  lastVisit: z.string().nullable(),
  nextVisit: z.string().nullable(),
  enrollmentDate: z.string().nullable(),
  screeningDate: z.string(),
  version: z.number().int(),
});
export type PatientSummary = z.infer<typeof patientSummary>;

export const patientListInput = pagination.extend({
  studyId: id.optional(),
  siteId: id.optional(),
  status: patientStatus.optional(),
  /** Matches patient code, study code or site name, case-insensitive. */
  search: z.string().trim().max(100).optional(),
});
export type PatientListInput = z.infer<typeof patientListInput>;

export const patientEnrollInput = z.object({
  studyId: id,
  siteId: id,
  screeningDate: isoDate,
  yearOfBirth: z.coerce
    .number()
    .int()
    .min(1900, 'Year of birth is too early')
    .max(new Date().getUTCFullYear(), 'Year of birth cannot be in the future'),
  sex,
  ethnicity: z.string().trim().max(80).nullish(),
  reason: reason.default('Subject screened'),
});
export type PatientEnrollInput = z.infer<typeof patientEnrollInput>;

export const patientStatusInput = z.object({
  id,
  version,
  status: patientStatus,
  /** The date the change took effect (enrollment, completion or withdrawal). */
  effectiveDate: isoDate,
  reason,
});
export type PatientStatusInput = z.infer<typeof patientStatusInput>;
