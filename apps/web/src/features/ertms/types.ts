// The shapes the eRTMS screen reads, as the API returns them (apps/api/src/modules/ertms/list.ts).
import type { RouterOutputs } from '@/lib/trpc';

export type SubmissionRow = RouterOutputs['ertms']['list']['items'][number];
export type SubmissionDetail = RouterOutputs['ertms']['byId'];
export type TimelineItem = RouterOutputs['ertms']['timeline']['items'][number];
export type AgencyFigures = RouterOutputs['ertms']['byAgency'][number];
export type SubmissionReports = RouterOutputs['ertms']['reports'];
export type SubmissionType = RouterOutputs['ertms']['types'][number];

/** The workflow steps a user records from the screen, by the status they lead to. */
export type SubmissionStep = 'submit' | 'acknowledge' | 'decide';
export type OnSubmissionStep = (step: SubmissionStep, row: SubmissionRow) => void;

/** The step a submission's status offers next (none once the agency decided). */
export function nextStep(status: SubmissionRow['status']): SubmissionStep | null {
  if (status === 'draft') return 'submit';
  if (status === 'submitted') return 'acknowledge';
  if (status === 'pending') return 'decide';
  return null;
}
