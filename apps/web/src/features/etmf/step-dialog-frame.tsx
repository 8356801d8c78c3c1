// The frame of a step's dialog (Send for Review, Approve, Return, Withdraw, Upload New Version): title,
// the document it acts on (code, name, version) and the form.
import { useTranslation } from 'react-i18next';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import type { DocumentRow } from './document-actions';

export function StepDialogFrame({
  testId,
  title,
  row,
  onClose,
  children,
}: {
  testId: string;
  title: string;
  row: DocumentRow;
  onClose: () => void;
  children: React.ReactNode;
}) {
  const { t } = useTranslation('etmf');
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-xl" data-testid={testId}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>
            <span className="font-mono">{row.code}</span> · {row.documentName} · {t('details.versionLabel', { version: row.version })}
          </DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}
