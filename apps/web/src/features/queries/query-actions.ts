// What a query row offers, by its lifecycle (QUERY_TRANSITIONS) and the user's permissions. The server
// decides again on every step (site staff answer for their own sites; the raiser or a data manager
// resolves, re-opens, cancels and edits), so these only hide what could never succeed.
import { LIVE_QUERY_STATUSES, QUERY_TRANSITIONS, type QueryRow } from '@ctp/contracts';
import { useCan } from '@/lib/auth';

export type QueryAction = 'view' | 'edit' | 'respond' | 'resolve' | 'reopen' | 'cancel';
/** The steps that write a message to the thread (one dialog with a text box). */
export type QueryStep = Extract<QueryAction, 'respond' | 'resolve' | 'reopen' | 'cancel'>;
export interface QueryPermissions {
  raise: boolean;
  respond: boolean;
  close: boolean;
}
/** The dialog open on the screen: which action, on which query. */
export type ActiveQueryDialog = { action: QueryAction; row: QueryRow } | null;
export type OnQueryAction = (action: QueryAction, row: QueryRow) => void;

export function useQueryPermissions(): QueryPermissions {
  return { raise: useCan('query.raise'), respond: useCan('query.respond'), close: useCan('query.close') };
}

/** The actions after View Details, in menu order. */
export function allowedActions(row: Pick<QueryRow, 'lifecycle'>, can: QueryPermissions): QueryAction[] {
  const next = QUERY_TRANSITIONS[row.lifecycle];
  const actions: QueryAction[] = [];
  if (can.close && LIVE_QUERY_STATUSES.includes(row.lifecycle)) actions.push('edit');
  if (can.respond && next.includes('answered')) actions.push('respond');
  if (can.close && next.includes('closed')) actions.push('resolve');
  if (can.close && next.includes('reopened')) actions.push('reopen');
  if (can.close && next.includes('cancelled')) actions.push('cancel');
  return actions;
}
