// The dialog open on the screen (one at a time): View Details, Edit Query, or a step of the lifecycle.
import type { ActiveQueryDialog, OnQueryAction, QueryPermissions } from './query-actions';
import { QueryDetailsDialog } from './query-details-dialog';
import { EditQueryDialog } from './edit-query-dialog';
import { QueryStepDialog } from './query-step-dialog';

export function QueryDialogs({
  active,
  can,
  onAction,
  onClose,
}: {
  active: ActiveQueryDialog;
  can: QueryPermissions;
  onAction: OnQueryAction;
  onClose: () => void;
}) {
  if (!active) return null;
  const { action, row } = active;
  const key = `${action}-${row.id}`;
  if (action === 'view') return <QueryDetailsDialog key={key} row={row} can={can} onAction={onAction} onClose={onClose} />;
  if (action === 'edit') return <EditQueryDialog key={key} row={row} onClose={onClose} />;
  return <QueryStepDialog key={key} step={action} row={row} onClose={onClose} />;
}
