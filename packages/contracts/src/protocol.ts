// Protocol analysis (POST /api/studies/analyze-protocol): what the engine read from a protocol document
// and what it proposes to build, each item with the place it came from. Nothing is created by the
// analysis; a person ticks what is right and creates the draft forms and visits in one step
// (protocol.createFromProposal).
import { z } from 'zod';
import { id, reason } from './common.ts';
import { studyStatus } from './enums.ts';
import { text } from './input.ts';
import { formCategory } from './forms/api.ts';

/** The kinds of file the analysis reads, with the browser picker's accept filter (spec section 5). */
export const PROTOCOL_FILE_TYPES = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  txt: 'text/plain',
} as const;
export type ProtocolExtension = keyof typeof PROTOCOL_FILE_TYPES;
export const PROTOCOL_ACCEPT = '.pdf,.doc,.docx,.txt';
/** The multipart field the file travels in (spec section 7). */
export const PROTOCOL_UPLOAD_FIELD = 'protocol';
/** The reason the audit trail records for what createFromProposal writes. */
export const PROTOCOL_CREATE_REASON = 'Created from protocol analysis';
/** The audit reason when a live study's schedule is changed: the user's own reason follows. */
export const protocolLiveReason = (why: string) => `${PROTOCOL_CREATE_REASON} into a live study: ${why}`;
export const PROTOCOL_LIVE_REFUSAL =
  'This study is live (past planning or with subjects): confirm that you are changing its schedule and give a reason';

/**
 * Where a finding came from: a page (PDF) and line on it, a paragraph (DOCX, DOC, TXT), or a table row,
 * with the text that matched. Null where the format has no such notion.
 */
export const protocolEvidence = z.object({
  page: z.number().int().nullable(),
  paragraph: z.number().int().nullable(),
  line: z.number().int().nullable(),
  table: z.number().int().nullable(),
  row: z.number().int().nullable(),
  text: z.string(),
});
export type ProtocolEvidence = z.infer<typeof protocolEvidence>;

export const proposedVisit = z.object({
  code: z.string(),
  name: z.string(),
  /** Study day (protocol numbering: Week 4 is day 28); assumed when the protocol does not state it. */
  day: z.number().int(),
  dayStated: z.boolean(),
  /** The day was computed from weeks (× 7) or months (× 30): the protocol gives no day for the visit. */
  dayDerived: z.boolean().optional(),
  windowBefore: z.number().int(),
  windowAfter: z.number().int(),
  /** The assessments the protocol schedules at this visit (their labels as written). */
  assessments: z.array(z.string()),
  evidence: protocolEvidence,
});
export type ProposedVisit = z.infer<typeof proposedVisit>;

/** An assessment the protocol names, what it maps to, and why. */
export const foundAssessment = z.object({
  /** The engine's concept ('vitalSigns', 'ecg', 'questionnaire:EQ-5D' ...). */
  concept: z.string(),
  /** The label as the protocol writes it. */
  label: z.string(),
  /** The words that matched the concept. */
  matched: z.string(),
  /** The CDASH library form it maps to (e.g. VS), or null when the library has none. */
  libraryDomain: z.string().nullable(),
  /** Visit codes the protocol schedules it at. */
  visits: z.array(z.string()),
  evidence: z.array(protocolEvidence),
});
export type FoundAssessment = z.infer<typeof foundAssessment>;

export const proposedForm = z.object({
  /** Stable within one analysis: the concept the form answers. */
  key: z.string(),
  name: z.string(),
  category: formCategory,
  /** A CDASH library form copied as the draft's definition, or null for an empty draft to design. */
  libraryDomain: z.string().nullable(),
  fieldsCount: z.number().int(),
  /** The fields' labels (the data points). */
  dataPoints: z.array(z.string()),
  /** The protocol's assessments that led to it (labels) and the words that matched. */
  assessments: z.array(z.string()),
  matched: z.array(z.string()),
  /** Visit codes the form is due at. */
  visits: z.array(z.string()),
  evidence: z.array(protocolEvidence),
});
export type ProposedForm = z.infer<typeof proposedForm>;

export const proposedStatement = z.object({ text: z.string(), evidence: protocolEvidence });
export type ProposedStatement = z.infer<typeof proposedStatement>;

export const protocolAnalysis = z.object({
  /** The spec's result: the names of the forms proposed ... */
  forms: z.array(z.string()),
  /** ... and of their data points ('Vital Signs: Systolic Blood Pressure'). */
  dataPoints: z.array(z.string()),
  document: z.object({
    fileName: z.string(),
    format: z.enum(['pdf', 'doc', 'docx', 'txt']),
    pages: z.number().int().nullable(),
    paragraphs: z.number().int(),
    tables: z.number().int(),
  }),
  /** Whether the schedule was read from a table (else from the prose, or not found). */
  scheduleSource: z.enum(['table', 'text', 'none']),
  visits: z.array(proposedVisit),
  proposedForms: z.array(proposedForm),
  assessments: z.array(foundAssessment),
  criteria: z.object({ inclusion: z.array(proposedStatement), exclusion: z.array(proposedStatement) }),
  endpoints: z.object({ primary: z.array(proposedStatement), secondary: z.array(proposedStatement) }),
  plannedEnrollment: z.object({ value: z.number().int(), evidence: protocolEvidence }).nullable(),
});
export type ProtocolAnalysis = z.infer<typeof protocolAnalysis>;

// --- Creating the study's drafts from the ticked proposal ---------------------------------------
const visitCode = text('code').min(1).regex(/^[A-Z][A-Z0-9_]{0,19}$/, 'Use 1-20 capital letters, digits or _, starting with a letter');
export const PROTOCOL_PROPOSAL_LIMITS = { visits: 100, forms: 60 } as const;

export const proposalVisitInput = z.object({
  code: visitCode,
  name: text('name').min(2, 'Give the visit a name'),
  dayOffset: z.coerce.number().int('Use a whole number of days').min(-3650).max(3650),
  windowBefore: z.coerce.number().int('Use a whole number of days').min(0, 'Use 0 or more days').max(365),
  windowAfter: z.coerce.number().int('Use a whole number of days').min(0, 'Use 0 or more days').max(365),
});
export const proposalFormInput = z.object({
  name: text('name').min(2, 'Give the form a name'),
  category: formCategory,
  /** Copy this CDASH library form's definition; absent for an empty draft. */
  libraryDomain: text('code').regex(/^[A-Z]{2,4}$/).nullish(),
  description: text('text').max(2000).nullish(),
  /** The visits the form is due at: codes of visits in this request or already in the study. */
  visitCodes: z.array(visitCode).max(PROTOCOL_PROPOSAL_LIMITS.visits).default([]),
});
export const protocolCreateInput = z
  .object({
    studyId: id,
    visits: z.array(proposalVisitInput).max(PROTOCOL_PROPOSAL_LIMITS.visits).default([]),
    forms: z.array(proposalFormInput).max(PROTOCOL_PROPOSAL_LIMITS.forms).default([]),
    /** Required when the study is live (see protocolTarget): the user confirmed and said why. */
    liveChange: z.object({ confirmed: z.literal(true), reason }).optional(),
  })
  .refine((v) => v.visits.length + v.forms.length > 0, { message: 'Tick at least one visit or form', path: ['forms'] })
  .refine((v) => new Set(v.visits.map((x) => x.code)).size === v.visits.length, { message: 'Each visit code may appear once', path: ['visits'] });
export type ProtocolCreateInput = z.infer<typeof protocolCreateInput>;

/**
 * The study a proposal would be applied to, as the review dialog warns about it: live when its status is
 * past planning or it has subjects, in which case applying needs a confirmation and a reason.
 */
export const protocolTargetInput = z.object({ studyId: id });
export const protocolTarget = z.object({
  studyId: z.number().int(),
  code: z.string(),
  name: z.string(),
  status: studyStatus,
  subjects: z.number().int(),
  live: z.boolean(),
});
export type ProtocolTarget = z.infer<typeof protocolTarget>;

export const protocolCreateResult = z.object({
  studyId: z.number().int(),
  forms: z.array(z.object({ id: z.number().int(), name: z.string() })),
  visitsCreated: z.array(z.string()),
  /** Codes already in the study's schedule: the forms were linked to the existing visit, unchanged. */
  visitsReused: z.array(z.string()),
  links: z.number().int(),
});
export type ProtocolCreateResult = z.infer<typeof protocolCreateResult>;
