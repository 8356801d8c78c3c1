// Regulatory submissions (eRTMS). The workflow, enforced on the server:
//   draft -> submitted (required documents linked and approved) -> pending (the agency acknowledged)
//   -> approved | rejected. Each step records its date, user and note.
import { z } from 'zod';
import { id, isoDate, pagination, version } from './common.ts';
import { searchTerm, text } from './input.ts';
import { SUBMISSION_PRIORITIES, SUBMISSION_STATUSES } from './enums.ts';
import { AGENCIES } from './constants.ts';

export type Agency = (typeof AGENCIES)[number];
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

export const SUBMISSION_TRANSITIONS: Record<SubmissionStatus, readonly SubmissionStatus[]> = {
  draft: ['submitted'],
  submitted: ['pending'],
  pending: ['approved', 'rejected'],
  approved: [],
  rejected: [],
};
/** What a submission's current step is called, by status. */
export const SUBMISSION_STEP: Record<SubmissionStatus, string> = {
  draft: 'Preparing dossier',
  submitted: 'Awaiting agency acknowledgement',
  pending: 'Under agency review',
  approved: 'Approved by agency',
  rejected: 'Rejected by agency',
};

export const submissionFilterInput = z.object({
  studyId: id.optional(),
  agency: z.enum(AGENCIES).optional(),
  status: z.enum(SUBMISSION_STATUSES).optional(),
  priority: z.enum(SUBMISSION_PRIORITIES).optional(),
  typeCode: text('code').optional(),
  overdue: z.boolean().optional(),
  search: searchTerm,
});
export type SubmissionFilterInput = z.infer<typeof submissionFilterInput>;
export const submissionListInput = pagination.merge(submissionFilterInput);

export const submissionCreateInput = z.object({
  studyId: id,
  typeCode: text('code').min(1, 'Choose the submission type'),
  agency: z.enum(AGENCIES),
  title: text('name').min(3, 'Say what is submitted'),
  priority: z.enum(SUBMISSION_PRIORITIES).default('standard'),
  dueDate: isoDate.optional(),
  reviewerId: id.optional(),
  agencyReference: text('code').optional(),
  documentIds: z.array(id).max(100).default([]),
});
export type SubmissionCreateInput = z.infer<typeof submissionCreateInput>;

export const submissionLinkInput = z.object({ id, version, documentId: id });
export const submissionStepInput = z.object({
  id,
  version,
  to: z.enum(['submitted', 'pending', 'approved', 'rejected']),
  /** The day it happened (defaults to today): a submission made or an answer received yesterday is recorded as such. */
  date: isoDate.optional(),
  note: text('text').optional(),
  agencyReference: text('code').optional(),
});
export type SubmissionStepInput = z.infer<typeof submissionStepInput>;
