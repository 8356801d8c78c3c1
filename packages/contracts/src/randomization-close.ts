// Closing the randomization issue (issue 30): a statistician's list uploaded in place of the generated
// one (item 1), a documented correction of an allocation (item 3) and the planned unblinding of the whole
// study after database lock (item 5). The server checks everything again.
import { z } from 'zod';
import { documentText, text } from './input.ts';
import { id, reason, version } from './common.ts';

/** The uploaded CSV's text (at most the import limit, 2 MB), checked row by row on the server. */
export const uploadListInput = z.object({ studyId: id, version, csv: documentText('formImport'), reason });
export type UploadListInput = z.infer<typeof uploadListInput>;

const longReason = (what: string) => text('reason').min(10, `Say why ${what} (at least 10 characters)`);

export const correctAllocationInput = z.object({
  patientId: id,
  /** The arm the subject really receives. */
  armId: id,
  reason: longReason('the allocation must be corrected'),
  password: text('secret', { trim: false }).min(1, 'Enter your password to correct the allocation'),
  /** The TOTP code, when the user has two-factor authentication. */
  code: z.string().regex(/^\d{6}$/, 'Enter the 6-digit code').optional(),
});
export type CorrectAllocationInput = z.infer<typeof correctAllocationInput>;

export const plannedUnblindingRequestInput = z.object({ studyId: id, reason: longReason('the study is unblinded') });
export const plannedUnblindingApproveInput = z.object({
  studyId: id,
  password: text('secret', { trim: false }).min(1, 'Enter your password to approve the unblinding'),
  code: z.string().regex(/^\d{6}$/, 'Enter the 6-digit code').optional(),
});
export type PlannedUnblindingApproveInput = z.infer<typeof plannedUnblindingApproveInput>;
