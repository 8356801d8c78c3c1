// A confirmation that asks for a reason (at least 3 characters): unlocking an entry, locking a casebook.
// The server's refusal is shown in the dialog; the reason is forgotten when the dialog closes. With
// `openQueries` (a lock, SDV) the target's unresolved queries are listed first and must be acknowledged.
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ServerError } from '@/lib/server-error';
import { Textarea } from '@/components/ui/input';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { FormField } from '@/components/form-field';
import { FormActions } from '@/components/form-actions';
import { WriteErrorNotice } from '@/components/write-error-notice';
import { OpenQueriesConfirm, useOpenQueries, type OpenQueriesTarget } from './open-queries-confirm';

export function ReasonDialog({
  id,
  trigger,
  title,
  description,
  submitLabel,
  pending,
  error,
  open,
  onOpenChange,
  onSubmit,
  openQueries,
}: {
  id: string;
  trigger: ReactNode;
  title: string;
  description: string;
  submitLabel: string;
  pending: boolean;
  error: ServerError | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** `acknowledgeOpenQueries`: true when open queries were listed and the user ticked the box. */
  onSubmit: (reason: string, acknowledgeOpenQueries?: true) => void;
  openQueries?: OpenQueriesTarget;
}) {
  const { t } = useTranslation('casebook');
  const [reason, setReason] = useState('');
  const [tooShort, setTooShort] = useState(false);
  const [acknowledged, setAcknowledged] = useState(false);
  const [tried, setTried] = useState(false);
  const live = useOpenQueries(openQueries, open);
  const change = (o: boolean) => {
    setReason('');
    setTooShort(false);
    setAcknowledged(false);
    setTried(false);
    onOpenChange(o);
  };
  const fieldError = tooShort ? t('reason.tooShort') : error?.code === 'BAD_REQUEST' ? error.message : undefined;
  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            const text = reason.trim();
            setTooShort(text.length < 3);
            setTried(true);
            if (live.loading || (live.mustAcknowledge && !acknowledged)) return;
            if (text.length >= 3) onSubmit(text, live.mustAcknowledge ? true : undefined);
          }}
        >
          <OpenQueriesConfirm id={`${id}-acknowledge`} openQueries={live} acknowledged={acknowledged} onAcknowledgedChange={setAcknowledged} showError={tried} />
          <FormField id={id} label={t('reason.label')} error={fieldError} hint={t('reason.hint')}>
            <Textarea rows={2} value={reason} onChange={(e) => setReason(e.target.value)} />
          </FormField>
          <WriteErrorNotice error={error && error.code !== 'BAD_REQUEST' ? error : null} />
          <FormActions onCancel={() => change(false)} pending={pending} submitLabel={submitLabel} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
