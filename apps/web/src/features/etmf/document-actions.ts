// What a document offers, by its status, its review and the user's role (document.upload,
// document.approve, document.withdraw). Approve and Return are the named approver's alone. The server
// decides again on every step (site staff file for their own sites only); these only hide or disable
// what could never succeed, and a disabled step says why.
import type { RouterOutputs } from '@/lib/trpc';
import { useCan, useCurrentUser } from '@/lib/auth';

export type DocumentRow = RouterOutputs['etmf']['list']['items'][number];
export type DocumentDetail = RouterOutputs['etmf']['byId'];

export type DocumentAction = 'view' | 'newVersion' | 'sendForReview' | 'approve' | 'return' | 'withdraw';
/** The dialog open on the screen for one step (View Details lives in the URL, ?doc=). */
export type ActiveDocumentDialog = { action: Exclude<DocumentAction, 'view'>; row: DocumentRow } | null;
export type OnDocumentAction = (action: DocumentAction, row: DocumentRow) => void;

export interface DocumentPermissions {
  userId: number | undefined;
  upload: boolean;
  approve: boolean;
  withdraw: boolean;
}

export function useDocumentPermissions(): DocumentPermissions {
  const me = useCurrentUser().data;
  return {
    userId: me?.id,
    upload: useCan('document.upload'),
    approve: useCan('document.approve'),
    withdraw: useCan('document.withdraw'),
  };
}

/** A step of the menu or the details dialog; `blocked` names why the user may not take it (a key of reasons.*). */
export interface DocumentStep {
  action: Exclude<DocumentAction, 'view'>;
  blocked?: 'upload' | 'withdraw';
}

/** Whether the user is the approver the document waits for. */
export const waitsForUser = (row: Pick<DocumentRow, 'reviewStatus' | 'approverId'>, userId: number | undefined) =>
  row.reviewStatus === 'in-review' && userId !== undefined && row.approverId === userId;

/** The steps after View Details and Download, in menu order. */
export function documentSteps(row: DocumentRow, can: DocumentPermissions): DocumentStep[] {
  const steps: DocumentStep[] = [];
  const live = row.status !== 'withdrawn';
  if (waitsForUser(row, can.userId) && can.approve) steps.push({ action: 'approve' }, { action: 'return' });
  if ((row.status === 'draft' || row.status === 'current') && row.reviewStatus !== 'in-review') {
    steps.push({ action: 'sendForReview', blocked: can.upload ? undefined : 'upload' });
  }
  if (live) steps.push({ action: 'newVersion', blocked: can.upload ? undefined : 'upload' });
  if (live) steps.push({ action: 'withdraw', blocked: can.withdraw ? undefined : 'withdraw' });
  return steps;
}
