// The trial master file (eTMF): documents classified by the TMF Reference Model, their versions (files
// stored by content hash), the review workflow and the completeness report.
//   status        draft (not yet in force) | current (filed, in force without approval) | approved
//                 (approved with a signature) | expired (its expiry date passed) | withdrawn (with a reason)
//   reviewStatus  pending (review not yet requested, or returned) | in-review (with the named approver)
//                 | complete (approved, or filed as final)
import { z } from 'zod';
import { id, isoDate, pagination, reason, version } from './common.ts';
import { searchTerm, text } from './input.ts';
import { signingCode } from './mfa.ts';

export const DOCUMENT_STATUS_VALUES = ['draft', 'current', 'approved', 'expired', 'withdrawn'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUS_VALUES)[number];
export const DOCUMENT_REVIEW_VALUES = ['pending', 'in-review', 'complete'] as const;
export type DocumentReview = (typeof DOCUMENT_REVIEW_VALUES)[number];

/** File types the eTMF accepts: extension -> content type (the content is checked too). */
export const ETMF_FILE_TYPES = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  doc: 'application/msword',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  txt: 'text/plain',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
} as const;
export type EtmfExtension = keyof typeof ETMF_FILE_TYPES;
/** The browser file picker's accept filter. */
export const ETMF_ACCEPT = Object.keys(ETMF_FILE_TYPES)
  .map((e) => `.${e}`)
  .join(',');
/** Days before an expiry date that the dashboard and notifications warn. */
export const DOCUMENT_EXPIRY_WARNING_DAYS = 30;

const versionLabel = text('code').min(1, 'Give the version (e.g. 1.0)');

/** Upload metadata (multipart fields beside the file). */
export const documentUploadInput = z.object({
  studyId: id,
  siteId: id.optional(),
  artifactNumber: z.string().regex(/^\d{2}\.\d{2}\.\d{2}$/, 'Choose an artifact of the TMF Reference Model'),
  title: text('name').min(2, 'Give the document a name'),
  versionLabel,
  expiryDate: isoDate.optional(),
  /** Send for review to this approver at once. */
  approverId: id.optional(),
  comment: text('text').optional(),
});
export type DocumentUploadInput = z.infer<typeof documentUploadInput>;

export const documentNewVersionInput = z.object({
  documentId: id,
  version,
  versionLabel,
  expiryDate: isoDate.optional(),
  comment: text('text').optional(),
});
export type DocumentNewVersionInput = z.infer<typeof documentNewVersionInput>;

export const documentFilterInput = z.object({
  studyId: id.optional(),
  siteId: id.optional(),
  status: z.enum(DOCUMENT_STATUS_VALUES).optional(),
  reviewStatus: z.enum(DOCUMENT_REVIEW_VALUES).optional(),
  /** A zone ('02'), section ('02.01') or artifact ('02.01.02') number. */
  tmf: z
    .string()
    .regex(/^\d{2}(\.\d{2}){0,2}$/, 'Not a TMF number')
    .optional(),
  search: searchTerm,
  /** Expiring within DOCUMENT_EXPIRY_WARNING_DAYS days (and not yet expired). */
  expiring: z.boolean().optional(),
  /** The review queue: documents whose review is not complete, the user's own reviews first. */
  reviewQueue: z.boolean().optional(),
});
export type DocumentFilterInput = z.infer<typeof documentFilterInput>;
export const documentListInput = pagination.merge(documentFilterInput);

export const documentSendForReviewInput = z.object({ id, version, approverId: id, comment: text('text').optional() });
export const documentApproveInput = z.object({ id, version, password: text('secret', { trim: false }).min(1, 'Enter your password to sign'), code: signingCode });
export const documentReturnInput = z.object({ id, version, comment: text('text').min(3, 'Say what needs to change') });
export const documentWithdrawInput = z.object({ id, version, reason });
export const completenessInput = z.object({ studyId: id.optional(), siteId: id.optional() });
