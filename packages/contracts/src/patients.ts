import { z } from 'zod';
import { text, searchTerm } from './input.ts';
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
  /** Adverse event records in the subject's submitted forms. */
  adverseEvents: z.number().int(),
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
  search: searchTerm,
});
export type PatientListInput = z.infer<typeof patientListInput>;
/** The list's filters without paging: summary tiles and CSV export. */
export const patientFilterInput = patientListInput.omit({ limit: true, offset: true });
export type PatientFilterInput = z.infer<typeof patientFilterInput>;

/** The four tiles of the Patients screen (Total Patients, Enrolled, Completed, Withdrawn) plus screening. */
export const patientsOverview = z.object({
  total: z.number().int(),
  screening: z.number().int(),
  enrolled: z.number().int(),
  completed: z.number().int(),
  withdrawn: z.number().int(),
});
export type PatientsOverview = z.infer<typeof patientsOverview>;

export const patientCsvExport = z.object({ filename: z.string(), contentType: z.literal('text/csv'), content: z.string(), rows: z.number().int() });
export type PatientCsvExport = z.infer<typeof patientCsvExport>;
/** The most rows one CSV export holds. */
export const MAX_PATIENT_EXPORT_ROWS = 100_000;

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
  ethnicity: text('name').max(80).nullish(),
  reason: reason.default('Subject screened'),
});
export type PatientEnrollInput = z.infer<typeof patientEnrollInput>;
export const enrolledPatient = z.object({
  id: z.number().int(),
  patientId: z.string(),
  studyId: z.number().int(),
  siteId: z.number().int(),
  status: patientStatus,
  version: z.number().int(),
});
export type EnrolledPatient = z.infer<typeof enrolledPatient>;

export const patientStatusInput = z.object({
  id,
  version,
  status: patientStatus,
  /** The date the change took effect (enrollment, completion or withdrawal). */
  effectiveDate: isoDate,
  reason,
});
export type PatientStatusInput = z.infer<typeof patientStatusInput>;
