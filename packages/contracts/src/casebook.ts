// A subject's casebook: review steps on form entries (SDV, freeze, lock) and electronic signatures.
import { z } from 'zod';
import { id, reason, version } from './common.ts';
import { text } from './input.ts';
import { signingCode } from './mfa.ts';

export const REVIEW_ACTIONS = ['verify', 'unverify', 'freeze', 'unfreeze', 'lock', 'unlock'] as const;
export type ReviewAction = (typeof REVIEW_ACTIONS)[number];
/**
 * Unresolved queries (open, answered, re-opened) stop SDV, locks and signatures until the caller says
 * it has seen them: `acknowledgeOpenQueries: true`. The decision and the open query codes are recorded.
 */
const acknowledgeOpenQueries = z.boolean().optional();
export const submissionReviewInput = z.object({ submissionId: id, version, action: z.enum(REVIEW_ACTIONS), reason: reason.optional(), acknowledgeOpenQueries });
export const subjectLockInput = z.object({ patientId: id, reason, acknowledgeOpenQueries });
/** Database lock at study end: every submitted form entry of the study. */
export const studyLockInput = z.object({ studyId: id, reason, acknowledgeOpenQueries });
/** The unresolved queries on one form entry, one subject or one study (exactly one of them). */
export const casebookOpenQueriesInput = z
  .object({ submissionId: id.optional(), patientId: id.optional(), studyId: id.optional() })
  .refine((v) => [v.submissionId, v.patientId, v.studyId].filter((x) => x !== undefined).length === 1, {
    message: 'Name one form entry, subject or study',
  });
export type CasebookOpenQueriesInput = z.infer<typeof casebookOpenQueriesInput>;
export interface CasebookOpenQuery {
  id: number;
  code: string;
  status: 'open' | 'answered' | 'reopened';
  field: string | null;
  formName: string | null;
  subjectCode: string;
  submissionId: number | null;
}
export const SIGNATURE_MEANINGS = ['authorship', 'review', 'approval'] as const;
export const casebookSignInput = z.object({
  patientId: id,
  meaning: z.enum(SIGNATURE_MEANINGS),
  /** Re-entered at signing (21 CFR Part 11 §11.200): never stored, never logged. */
  password: text('secret', { trim: false }).min(1, 'Enter your password to sign'),
  /** The TOTP code: the first signature of a session needs it when the signer has two-factor authentication. */
  code: signingCode,
  /** Signing with unresolved queries: the signature's manifest lists them. */
  acknowledgeOpenQueries,
});
