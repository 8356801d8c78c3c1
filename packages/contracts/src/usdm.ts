// CDISC USDM 4.0 (issue 32): the proposal a USDM document becomes (reviewed, then accepted into a new
// study), and the inputs of the usdm.* procedures. Every proposed item names the USDM object it came
// from (id, name, instanceType) so that the reviewer can find it in the document.
import { z } from 'zod';
import { studyPhase } from './enums.ts';
import { id } from './common.ts';

/** The multipart field the document travels in (POST /api/studies/import-usdm). */
export const USDM_UPLOAD_FIELD = 'file';
export const USDM_ACCEPT = '.json,application/json';
/** The USDM version this product reads and writes. */
export const USDM_VERSION = '4.0.0';
export const USDM_ACCEPT_REASON = 'Study created from a USDM document';
export const USDM_PROPOSE_REASON = 'USDM document read for review';

export const usdmOrigin = z.object({ id: z.string(), name: z.string(), instanceType: z.string() });
export type UsdmOrigin = z.infer<typeof usdmOrigin>;

const code = z.object({ code: z.string(), decode: z.string() });

export const usdmProposal = z.object({
  usdmVersion: z.string(),
  systemName: z.string().nullable(),
  study: z.object({
    origin: usdmOrigin,
    /** The official title if there is one, else the brief one, else the study name. */
    title: z.string(),
    titles: z.array(z.object({ origin: usdmOrigin, type: z.string(), text: z.string() })),
    acronym: z.string().nullable(),
    /** A study code proposed from the sponsor identifier (or acronym, or name). */
    code: z.string(),
    identifiers: z.array(z.object({ origin: usdmOrigin, text: z.string(), scope: z.string().nullable() })),
    /** Our phase when the USDM phase maps to one; else null and the reviewer chooses. */
    phase: studyPhase.nullable(),
    phaseDecode: z.string().nullable(),
    studyType: z.string().nullable(),
    therapeuticAreas: z.array(code),
    plannedEnrollment: z.number().int().nullable(),
    description: z.string().nullable(),
  }),
  arms: z.array(z.object({ origin: usdmOrigin, code: z.string(), name: z.string(), description: z.string().nullable() })),
  epochs: z.array(z.object({ origin: usdmOrigin, code: z.string(), name: z.string() })),
  elements: z.array(
    z.object({ origin: usdmOrigin, code: z.string(), name: z.string(), startRule: z.string(), endRule: z.string().nullable() }),
  ),
  cells: z.array(z.object({ origin: usdmOrigin, armCode: z.string(), epochCode: z.string(), elementCodes: z.array(z.string()) })),
  visits: z.array(
    z.object({
      origin: usdmOrigin,
      code: z.string(),
      name: z.string(),
      /** Study day relative to the timeline's anchor (day 0); null when the encounter has no timing. */
      dayOffset: z.number().int().nullable(),
      windowBefore: z.number().int().min(0),
      windowAfter: z.number().int().min(0),
      epochCode: z.string().nullable(),
      /** Not reached through the main timeline's timings: scheduled by event, not by day. */
      unscheduled: z.boolean(),
      /** Some path through the timeline's decisions skips it. */
      conditional: z.boolean(),
      timing: z.string().nullable(),
    }),
  ),
  forms: z.array(
    z.object({
      origin: usdmOrigin,
      name: z.string(),
      category: z.enum(['Baseline', 'Visit', 'Safety', 'Lab', 'Medication', 'PRO']),
      libraryDomain: z.string().nullable(),
      /** The library fields the activity's biomedical concepts correspond to. */
      matchedFields: z.array(z.string()),
      concepts: z.array(z.object({ origin: usdmOrigin, code: z.string().nullable(), field: z.string().nullable() })),
      visitCodes: z.array(z.string()),
    }),
  ),
  criteria: z.array(
    z.object({
      origin: usdmOrigin,
      kind: z.enum(['inclusion', 'exclusion']),
      code: z.string(),
      text: z.string(),
      /** Parameter tags whose value the document does not give (kept as [tag] in the text). */
      unresolved: z.array(z.string()),
    }),
  ),
  objectives: z.array(
    z.object({
      origin: usdmOrigin,
      level: z.string(),
      text: z.string(),
      endpoints: z.array(z.object({ origin: usdmOrigin, level: z.string(), text: z.string(), purpose: z.string().nullable() })),
    }),
  ),
});
export type UsdmProposal = z.infer<typeof usdmProposal>;

/** What POST /api/studies/import-usdm answers: the stored proposal to review. */
/** CDISC's USDM 4.0 CORE rules run on the uploaded document: per rule that found something, its message,
 *  the count and the first entities it points at; the rules not run with their reasons. Never blocks reading. */
export const usdmConformance = z.object({
  rulesRun: z.number().int(),
  rules: z.array(
    z.object({
      coreId: z.string(),
      /** CDISC marks the rule partially executable: it may over-report. */
      partial: z.boolean(),
      message: z.string(),
      count: z.number().int(),
      entities: z.array(z.object({ entity: z.string().nullable(), id: z.string().nullable(), path: z.string().nullable() })),
    }),
  ),
  notRun: z.array(z.object({ coreId: z.string(), reason: z.string() })),
});
export type UsdmConformance = z.infer<typeof usdmConformance>;

export const usdmImportAnswer = z.object({
  importId: z.number().int(),
  sha256: z.string(),
  proposal: usdmProposal,
  conformance: usdmConformance,
});
export type UsdmImportAnswer = z.infer<typeof usdmImportAnswer>;

export const usdmAcceptInput = z.object({
  importId: id,
  studyCode: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9][A-Z0-9-]{2,29}$/, 'Use 3-30 letters, digits or dashes, e.g. ONC-2024-001'),
  phase: studyPhase,
  targetEnrollment: z.coerce.number().int().positive().max(1_000_000),
});
export type UsdmAcceptInput = z.infer<typeof usdmAcceptInput>;

export const studyObjectivesInput = z.object({ studyId: id });
