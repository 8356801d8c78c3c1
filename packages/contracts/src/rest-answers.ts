// What the REST paths (/api) answer, as zod schemas: the OpenAPI document (/api/openapi.json) is generated
// from them and from the procedures' input schemas, and a test checks real answers against it. Where a
// screen's schema already describes an answer (studySummary, siteSummary, patientSummary) it is reused;
// the others describe the REST mapping in the module's rest.ts.
import { z } from 'zod';
import { timestamp } from './common.ts';
import { auditEntry } from './audit.ts';
import { queryPriority, QUERY_KINDS, QUERY_LIFECYCLE } from './queries.ts';
import { AGENCIES } from './constants.ts';
import { QUERY_STATUSES, QUERY_TYPES, SUBMISSION_PRIORITIES, SUBMISSION_STATUSES } from './enums.ts';
import { DOCUMENT_REVIEW_VALUES, DOCUMENT_STATUS_VALUES } from './etmf.ts';
import { MAPPING_LOGICS, MAPPING_STATUSES } from './cdisc.ts';
import { studySummary } from './studies.ts';

const int = z.number().int();
const dateText = z.string().describe('A date, YYYY-MM-DD');

/** Every refusal: a message; an invalid input adds each field's messages; a failure adds its correlation id. */
export const restError = z.object({
  error: z.string(),
  code: z.string().optional().describe('The tRPC error code, e.g. FORBIDDEN, NOT_FOUND, BAD_REQUEST, CONFLICT'),
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
  correlationId: z.string().optional().describe('Quote it to the administrator: the server log has the failure under it'),
});

export const restStudyDetail = studySummary.extend({
  durationDays: int,
  counts: z.object({
    sites: int,
    activeSites: int,
    pendingSites: int,
    patients: z.object({ total: int, screening: int, enrolled: int, completed: int, withdrawn: int }),
  }),
  insights: z.array(z.looseObject({ kind: z.string() })),
}).loose();

export const restQuery = z.object({
  id: int,
  queryId: z.string(),
  patientId: z.string(),
  studyId: z.string(),
  site: z.string(),
  formName: z.string().nullable(),
  field: z.string().nullable(),
  type: z.enum(QUERY_TYPES),
  kind: z.enum(QUERY_KINDS),
  priority: queryPriority,
  status: z.enum(QUERY_STATUSES),
  lifecycle: z.enum(QUERY_LIFECYCLE),
  description: z.string(),
  raisedBy: z.string(),
  raisedAt: timestamp,
  assignedTo: z.string().nullable(),
  dueDate: z.string().nullable(),
  resolvedAt: timestamp.nullable(),
});

export const restAuditEntry = auditEntry.pick({
  id: true,
  timestamp: true,
  userId: true,
  userName: true,
  action: true,
  table: true,
  recordId: true,
  field: true,
  oldValue: true,
  newValue: true,
  reason: true,
  ipAddress: true,
});

export const restDocument = z.object({
  id: int,
  documentName: z.string(),
  documentType: z.string(),
  version: z.string(),
  status: z.enum(DOCUMENT_STATUS_VALUES),
  studyId: z.string().describe("The study's code"),
  uploadDate: z.string(),
  lastModified: z.string(),
  size: int.describe('Bytes'),
  reviewStatus: z.enum(DOCUMENT_REVIEW_VALUES),
  approver: z.string().nullable(),
  documentPath: z.string(),
  category: z.string(),
  code: z.string(),
  artifactNumber: z.string(),
  siteId: int.nullable(),
  expiryDate: dateText.nullable(),
});

export const restSubmission = z.object({
  id: int,
  submissionType: z.string(),
  submissionNumber: z.string(),
  studyId: z.string().describe("The study's code"),
  status: z.enum(SUBMISSION_STATUSES),
  agency: z.enum(AGENCIES),
  submittedDate: dateText.nullable(),
  dueDate: dateText.nullable(),
  responseDate: dateText.nullable(),
  priority: z.enum(SUBMISSION_PRIORITIES),
  documents: int,
  reviewer: z.string().nullable(),
  currentStep: z.string(),
  title: z.string(),
  daysToDue: int.nullable(),
  daysUnderReview: int.nullable(),
  overdue: z.boolean(),
});

export const restMappingSuggestion = z.object({
  fieldName: z.string(),
  suggestedDomain: z.string().nullable().describe('Null for a field with no mapping yet (useAI false)'),
  suggestedVariable: z.string().nullable(),
  confidence: z.number().nullable(),
  reasoning: z.string().nullable(),
  mappingLogic: z.enum(MAPPING_LOGICS).nullable(),
  id: int.nullable(),
  status: z.enum(MAPPING_STATUSES).nullable(),
  origin: z.enum(['ai', 'manual']).nullable(),
  testCode: z.string().nullable(),
  qnam: z.string().nullable(),
  fieldPath: z.string(),
  fieldLabel: z.string(),
  evidence: z.array(z.unknown()),
  version: int.nullable(),
});

export const restCodingSuggestion = z.object({
  term: z.string().nullable(),
  code: z.string().nullable(),
  system: z.string(),
  dictionary: z.unknown(),
  candidates: z.array(
    z.object({
      lltCode: z.string(),
      lltName: z.string(),
      ptCode: z.string(),
      ptName: z.string(),
      hltCode: z.string().nullable(),
      hltName: z.string().nullable(),
      hlgtCode: z.string().nullable(),
      hlgtName: z.string().nullable(),
      socCode: z.string().nullable(),
      socName: z.string(),
      isCurrent: z.boolean(),
      score: z.number(),
      reasons: z.array(z.string()),
    }),
  ),
});

export const restSdtmRun = z.looseObject({ runId: int, status: z.string(), progress: z.number() });
