// Upload Document: the header's button and the dialog; the form is mounted fresh each time it opens. A
// role that may not file documents sees why instead of the button.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Upload } from 'lucide-react';
import { useCan } from '@/lib/auth';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { UploadDocumentForm, type UploadedDocument } from './upload-document-form';

export function UploadDocumentDialog({ onUploaded }: { onUploaded?: (doc: UploadedDocument) => void }) {
  const { t } = useTranslation('etmf');
  const canUpload = useCan('document.upload');
  const [open, setOpen] = useState(false);
  if (!canUpload) {
    return (
      <p className="max-w-xs text-xs text-muted-foreground" data-testid="role-note">
        {t('reasons.upload')}
      </p>
    );
  }
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button>
          <Upload aria-hidden /> {t('actions.upload')}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>{t('upload.dialogTitle')}</DialogTitle>
          <DialogDescription>{t('upload.dialogDescription')}</DialogDescription>
        </DialogHeader>
        {open && (
          <UploadDocumentForm
            onCancel={() => setOpen(false)}
            onUploaded={(doc) => {
              setOpen(false);
              onUploaded?.(doc);
            }}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
