// View Details: the query's fields and its thread, with the steps the user may take from here.
import { useTranslation } from 'react-i18next';
import type { QueryRow } from '@ctp/contracts';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { allowedActions, type OnQueryAction, type QueryPermissions } from './query-actions';
import { QueryFields } from './query-fields';
import { QueryThread } from './query-thread';

export function QueryDetailsDialog({
  row,
  can,
  onAction,
  onClose,
}: {
  row: QueryRow;
  can: QueryPermissions;
  onAction: OnQueryAction;
  onClose: () => void;
}) {
  const { t } = useTranslation('queries');
  const actions = allowedActions(row, can);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-3xl" data-testid="query-details" data-query-id={row.queryId}>
        <DialogHeader>
          <DialogTitle>{t('details.title')}</DialogTitle>
          <DialogDescription className="font-mono">{row.queryId}</DialogDescription>
        </DialogHeader>
        <QueryFields row={row} />
        <QueryThread id={row.id} />
        <DialogFooter className="flex-wrap">
          {actions.map((action) => (
            <Button key={action} variant={action === 'respond' || action === 'resolve' ? 'default' : 'outline'} onClick={() => onAction(action, row)}>
              {t(`actions.${action}`)}
            </Button>
          ))}
          <Button variant="outline" onClick={onClose}>
            {t('dialogs.close')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
