// A subject's casebook: review steps on form entries (SDV, freeze, lock) and electronic signatures.
import { z } from 'zod';
import { id, reason, version } from './common.ts';
import { text } from './input.ts';
import { signingCode } from './mfa.ts';

export const REVIEW_ACTIONS = ['verify', 'unverify', 'freeze', 'unfreeze', 'lock', 'unlock'] as const;
export type ReviewAction = (typeof REVIEW_ACTIONS)[number];
export const submissionReviewInput = z.object({ submissionId: id, version, action: z.enum(REVIEW_ACTIONS), reason: reason.optional() });
export const subjectLockInput = z.object({ patientId: id, reason });
/** Database lock at study end: every submitted form entry of the study. */
export const studyLockInput = z.object({ studyId: id, reason });
export const SIGNATURE_MEANINGS = ['authorship', 'review', 'approval'] as const;
export const casebookSignInput = z.object({
  patientId: id,
  meaning: z.enum(SIGNATURE_MEANINGS),
  /** Re-entered at signing (21 CFR Part 11 §11.200): never stored, never logged. */
  password: text('secret', { trim: false }).min(1, 'Enter your password to sign'),
  /** The TOTP code: the first signature of a session needs it when the signer has two-factor authentication. */
  code: signingCode,
});
