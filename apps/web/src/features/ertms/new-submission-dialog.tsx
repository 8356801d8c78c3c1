// New Submission: the header's button and the dialog; the form is mounted fresh each time it opens. A
// role that may not manage submissions sees the button disabled, with the reason beside it.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Plus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { NewSubmissionForm, type CreatedSubmission } from './new-submission-form';

export function NewSubmissionDialog({ canManage, onCreated }: { canManage: boolean; onCreated?: (s: CreatedSubmission) => void }) {
  const { t } = useTranslation('ertms');
  const [open, setOpen] = useState(false);
  if (!canManage) {
    return (
      <div className="flex max-w-sm flex-col items-end gap-1">
        <Button disabled aria-describedby="ertms-role-note">
          <Plus aria-hidden /> {t('actions.newSubmission')}
        </Button>
        <p id="ertms-role-note" className="text-right text-xs text-muted-foreground" data-testid="role-note">
          {t('roleNote')}
        </p>
      </div>
    );
  }
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button>
          <Plus aria-hidden /> {t('actions.newSubmission')}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-4xl">
        <DialogHeader>
          <DialogTitle>{t('dialogs.new.title')}</DialogTitle>
          <DialogDescription>{t('dialogs.new.description')}</DialogDescription>
        </DialogHeader>
        {open && (
          <NewSubmissionForm
            onCancel={() => setOpen(false)}
            onCreated={(s) => {
              setOpen(false);
              onCreated?.(s);
            }}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
