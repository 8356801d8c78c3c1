// Withdraw: the document leaves the active TMF with a reason (kept with it and in the audit trail); its
// versions stay readable. Study managers and administrators only.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { documentWithdrawInput, TEXT_LIMITS } from '@ctp/contracts';
import { trpc } from '@/lib/trpc';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/input';
import { DialogFooter } from '@/components/ui/dialog';
import { FormField } from '@/components/form-field';
import { WriteErrorNotice } from '@/components/write-error-notice';
import type { DocumentRow } from './document-actions';
import { checkField } from './check-field';
import { StepDialogFrame } from './step-dialog-frame';
import { useFreshDocument } from './use-fresh-document';
import { useStepHandlers } from './use-step-handlers';

export function WithdrawDialog({ row: initial, onClose }: { row: DocumentRow; onClose: () => void }) {
  const { t } = useTranslation('etmf');
  const { row, reload, reloading } = useFreshDocument(initial);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const { handlers, error, setError } = useStepHandlers({ toastKey: 'withdrawn', code: row.code, fields: { reason: setReasonError }, onClose });
  const withdraw = trpc.etmf.withdraw.useMutation(handlers);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const problem = checkField(documentWithdrawInput.shape.reason, reason, t('withdraw.reasonRequired'));
    setReasonError(problem);
    if (problem) return;
    setError(null);
    withdraw.mutate({ id: row.id, version: row.rowVersion, reason: reason.trim() });
  };

  return (
    <StepDialogFrame testId="etmf-withdraw-dialog" title={t('withdraw.title')} row={row} onClose={onClose}>
      <form noValidate className="grid gap-4" onSubmit={submit}>
        <p className="text-sm text-muted-foreground">{t('withdraw.text')}</p>
        <FormField id="etmf-withdraw-reason" label={t('withdraw.reason')} error={reasonError}>
          <Textarea rows={3} maxLength={TEXT_LIMITS.reason} value={reason} onChange={(e) => setReason(e.target.value)} autoFocus />
        </FormField>
        <WriteErrorNotice error={error} reloading={reloading} onReload={() => void reload().then(() => setError(null))} />
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            {t('dialogs.keep')}
          </Button>
          <Button type="submit" variant="destructive" disabled={withdraw.isPending}>
            {withdraw.isPending ? t('dialogs.sending') : t('withdraw.submit')}
          </Button>
        </DialogFooter>
      </form>
    </StepDialogFrame>
  );
}
