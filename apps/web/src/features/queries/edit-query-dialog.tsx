// Edit Query: the form starts from the query as the list showed it; after a stale-version refusal,
// Reload reads the query again and starts a fresh form from the stored version.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { QueryRow } from '@ctp/contracts';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { useFreshQuery } from './use-fresh-query';
import { EditQueryForm } from './edit-query-form';

export function EditQueryDialog({ row: initial, onClose }: { row: QueryRow; onClose: () => void }) {
  const { t } = useTranslation('queries');
  const { row, reload, reloading } = useFreshQuery(initial);
  const [generation, setGeneration] = useState(0);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl" data-testid="query-edit-dialog">
        <DialogHeader>
          <DialogTitle>{t('dialogs.edit.title')}</DialogTitle>
          <DialogDescription>
            <span className="font-mono">{row.queryId}</span> · {row.patientId}
          </DialogDescription>
        </DialogHeader>
        <EditQueryForm
          key={generation}
          row={row}
          onClose={onClose}
          reloading={reloading}
          onReload={() => {
            void reload().then(() => setGeneration((g) => g + 1));
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
