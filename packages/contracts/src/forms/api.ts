// The eCRF procedures' inputs and outputs: forms (list, tiles, detail, create, draft, publish,
// archive, import, export) and submissions (save a draft, submit, change with a reason).
import { z } from 'zod';
import { FORM_CATEGORIES, FORM_STATUSES } from '../enums.ts';
import { id, isoDate, pagination, reason, timestamp, version } from '../common.ts';
import { DOCUMENT_LIMITS, documentText, searchTerm, text } from '../input.ts';
import { formDefinition, formValues } from './definition.ts';

export const formCategory = z.enum(FORM_CATEGORIES);
export const formStatus = z.enum(FORM_STATUSES);
export type FormCategory = z.infer<typeof formCategory>;
export type FormStatus = z.infer<typeof formStatus>;

export const formListInput = pagination.extend({
  studyId: id.optional(),
  status: formStatus.optional(),
  /** Matches form name, study code or description, case-insensitive. */
  search: searchTerm,
});
export type FormListInput = z.infer<typeof formListInput>;
/** The tiles take the list's filters but its status (they count by status). */
export const formOverviewInput = formListInput.pick({ studyId: true, search: true }).optional();

/** The spec's Form, plus the study's code and whether a draft is waiting to be published. */
export const formSummary = z.object({
  id: z.number().int(),
  studyId: z.number().int(),
  studyCode: z.string(),
  formName: z.string(),
  /** The published version's number ('2'), or the draft's when never published. */
  formVersion: z.string(),
  isActive: z.boolean(),
  category: formCategory,
  status: formStatus,
  fieldsCount: z.number().int(),
  submissionsCount: z.number().int(),
  lastModified: timestamp,
  createdBy: z.string(),
  description: z.string().nullable(),
  hasDraft: z.boolean(),
  version: z.number().int(),
});
export type FormSummary = z.infer<typeof formSummary>;

export const formsOverview = z.object({
  totalForms: z.number().int(),
  activeForms: z.number().int(),
  totalSubmissions: z.number().int(),
  draftForms: z.number().int(),
});
export type FormsOverview = z.infer<typeof formsOverview>;

export const formVersionInfo = z.object({
  id: z.number().int(),
  versionNumber: z.number().int(),
  fieldCount: z.number().int(),
  publishedAt: timestamp.nullable(),
  publishedBy: z.string().nullable(),
  /** What changed against the previous version, in words. */
  changes: z.array(z.string()),
});
export type FormVersionInfo = z.infer<typeof formVersionInfo>;

export const formDetail = formSummary.extend({
  code: z.string(),
  libraryDomain: z.string().nullable(),
  /** The definition being edited (the draft), else the published one. */
  definition: formDefinition,
  /** The version `definition` belongs to. */
  definitionVersionId: z.number().int(),
  editable: z.boolean(),
  versions: z.array(formVersionInfo),
});
export type FormDetail = z.infer<typeof formDetail>;

const formName = text('name').min(2, 'Give the form a name');
export const formCreateInput = z.object({
  studyId: id,
  name: formName,
  category: formCategory,
  description: text('text').max(2000).nullish(),
  /** Start from a CDASH library form (its domain, e.g. 'AE'); otherwise an empty form. */
  libraryDomain: text('code').regex(/^[A-Z]{2,4}$/).optional(),
  reason: reason.default('Form created'),
});
export type FormCreateInput = z.infer<typeof formCreateInput>;

/** Saves the form's draft; on a published form this opens version N+1 as the draft. */
export const formSaveDraftInput = z.object({
  id,
  version,
  name: formName.optional(),
  category: formCategory.optional(),
  description: text('text').max(2000).nullish(),
  definition: formDefinition,
  reason: reason.default('Form definition edited'),
});
export type FormSaveDraftInput = z.infer<typeof formSaveDraftInput>;
export const formPublishInput = z.object({ id, version, reason: reason.default('Form version published') });
export const formArchiveInput = z.object({ id, version, reason });

export const FORM_IMPORT_FORMATS = ['odm', 'csv'] as const;
/** The largest form file imported (ODM XML or a CSV data dictionary), in characters: DOCUMENT_LIMITS.formImport, 2 MB. */
export const MAX_FORM_IMPORT_CHARS = DOCUMENT_LIMITS.formImport;
export const formImportInput = z.object({
  studyId: id,
  format: z.enum(FORM_IMPORT_FORMATS),
  content: documentText('formImport'),
  reason: reason.default('Forms imported'),
});
export const formExportInput = z.object({ id, format: z.enum(FORM_IMPORT_FORMATS) });

export const libraryFormInfo = z.object({ domain: z.string(), name: z.string(), category: formCategory, description: z.string(), fieldCount: z.number().int() });
export type LibraryFormInfo = z.infer<typeof libraryFormInfo>;

// --- Submissions ---------------------------------------------------------------------------------
export const SUBMISSION_MODES = ['draft', 'submit'] as const;
export const submissionSaveInput = z.object({
  formId: id,
  /** The subject's numeric id. */
  patientId: id,
  /** The scheduled visit; omitted for an unscheduled entry (a log form). */
  subjectVisitId: id.optional(),
  visitDate: isoDate.nullish(),
  formData: formValues,
  mode: z.enum(SUBMISSION_MODES),
  /** The form version the user entered the data in; a newer published version makes this stale (409). */
  formVersionId: id.optional(),
  /** Updating an existing submission: its id and the version read. */
  submissionId: id.optional(),
  version: version.optional(),
  /** Required when data already submitted changes (21 CFR Part 11). */
  reason: reason.optional(),
});
export type SubmissionSaveInput = z.infer<typeof submissionSaveInput>;

export const submissionIssue = z.object({
  path: z.string(),
  field: z.string(),
  row: z.number().int().optional(),
  checkId: z.string().optional(),
  kind: z.enum(['required', 'type', 'range', 'choice', 'check']),
  severity: z.enum(['error', 'warning']),
  message: z.string(),
});

export const SUBMISSION_STATUSES_EDC = ['draft', 'submitted', 'verified', 'signed', 'locked'] as const;
export const savedSubmission = z.object({
  id: z.number().int(),
  formId: z.number().int(),
  formVersion: z.number().int(),
  formVersionId: z.number().int(),
  patientId: z.number().int(),
  subjectVisitId: z.number().int().nullable(),
  status: z.enum(SUBMISSION_STATUSES_EDC),
  version: z.number().int(),
  /** The warnings kept open (edit checks that failed with severity warning, soft ranges). */
  warnings: z.array(submissionIssue),
  /** Queries this save raised for new warnings (a warning whose query is already open raises none). */
  queriesRaised: z.number().int(),
  /** The entry had been source-data verified and its data changed: the verification was cleared. */
  sdvCleared: z.boolean(),
});
export type SavedSubmission = z.infer<typeof savedSubmission>;

/** A form's entry for a subject (at a visit, or by its id); without a patient, the published version a
 *  new entry starts from (the adverse event report on /data-entry, its patient chosen in the form). */
export const submissionLookupInput = z
  .object({ formId: id, patientId: id.optional(), subjectVisitId: id.optional(), submissionId: id.optional() })
  .refine((v) => v.patientId !== undefined || (v.subjectVisitId === undefined && v.submissionId === undefined), {
    message: 'An entry is looked up for a patient',
    path: ['patientId'],
  });

// --- Visit schedule ------------------------------------------------------------------------------
const days = z.coerce.number().int('Use a whole number of days').min(-3650).max(3650);
const windowDays = z.coerce.number().int('Use a whole number of days').min(0, 'Use 0 or more days').max(365);
export const visitScheduleInput = z.object({ studyId: id });
export const visitDefinitionFields = z.object({
  name: text('name').min(2, 'Give the visit a name'),
  dayOffset: days,
  windowBefore: windowDays,
  windowAfter: windowDays,
});
export const visitCreateInput = visitDefinitionFields.extend({
  studyId: id,
  code: text('code').min(1).regex(/^[A-Z][A-Z0-9_]{0,19}$/, 'Use 1-20 capital letters, digits or _, starting with a letter'),
  reason: reason.default('Visit added to the schedule'),
});
export const visitUpdateInput = z.object({ id, version, changes: visitDefinitionFields.partial(), reason });
export const visitDueFormsInput = z.object({ visitDefinitionId: id, formIds: z.array(id).max(100), reason: reason.default('Forms due at the visit changed') });
