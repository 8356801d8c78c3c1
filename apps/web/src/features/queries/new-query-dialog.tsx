// New Query: the header's button and the dialog; the form is mounted fresh each time it opens.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Plus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { NewQueryForm, type RaisedQuery } from './new-query-form';

export function NewQueryDialog({ onRaised }: { onRaised?: (q: RaisedQuery) => void }) {
  const { t } = useTranslation('queries');
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button>
          <Plus aria-hidden /> {t('actions.newQuery')}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>{t('dialogs.new.title')}</DialogTitle>
          <DialogDescription>{t('dialogs.new.description')}</DialogDescription>
        </DialogHeader>
        {open && (
          <NewQueryForm
            onCancel={() => setOpen(false)}
            onRaised={(q) => {
              setOpen(false);
              onRaised?.(q);
            }}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
