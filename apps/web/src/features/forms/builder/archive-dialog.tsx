// Archive: a reason (at least 3 characters, for the audit trail) and a confirmation. An archived form
// takes no new data and can no longer be edited.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Archive } from 'lucide-react';
import { reason as reasonSchema } from '@ctp/contracts';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Textarea } from '@/components/ui/input';
import { FormField as LabelledField } from '@/components/form-field';
import { WriteErrorNotice } from '@/components/write-error-notice';
import type { ServerError } from '@/lib/server-error';

export function ArchiveDialog({ formName, disabled, onArchive }: { formName: string; disabled: boolean; onArchive: (reason: string) => Promise<ServerError | null> }) {
  const { t } = useTranslation('forms-builder');
  const tc = useTranslation('common').t;
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<ServerError | null>(null);
  const parsed = reasonSchema.safeParse(reason);
  const reasonError = touched && !parsed.success ? parsed.error.issues[0]?.message : undefined;

  const submit = async () => {
    setTouched(true);
    if (!parsed.success) return;
    setPending(true);
    const refused = await onArchive(parsed.data);
    setPending(false);
    setError(refused);
    if (!refused) setOpen(false);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (o) {
          setReason('');
          setTouched(false);
          setError(null);
        }
      }}
    >
      <DialogTrigger asChild>
        <Button type="button" variant="outline" disabled={disabled} data-testid="builder-archive">
          <Archive aria-hidden /> {t('archive.button')}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('archive.title', { name: formName })}</DialogTitle>
          <DialogDescription>{t('archive.description')}</DialogDescription>
        </DialogHeader>
        <LabelledField id="archive-reason" label={tc('actions.reasonForChange')} error={reasonError} hint={tc('actions.reasonHelp')}>
          <Textarea rows={2} value={reason} onChange={(e) => setReason(e.target.value)} onBlur={() => setTouched(true)} />
        </LabelledField>
        <WriteErrorNotice error={error} />
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => setOpen(false)}>
            {tc('actions.cancel')}
          </Button>
          <Button type="button" variant="destructive" disabled={pending} onClick={() => void submit()}>
            {t('archive.confirm')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
