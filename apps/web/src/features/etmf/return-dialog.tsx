// Return: the named approver sends the document back to its author with what needs to change (at least
// 3 characters); the author is notified and the document's review is pending again.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { documentReturnInput, TEXT_LIMITS } from '@ctp/contracts';
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

export function ReturnDialog({ row: initial, onClose }: { row: DocumentRow; onClose: () => void }) {
  const { t } = useTranslation('etmf');
  const { row, reload, reloading } = useFreshDocument(initial);
  const [comment, setComment] = useState('');
  const [commentError, setCommentError] = useState<string | undefined>();
  const { handlers, error, setError } = useStepHandlers({ toastKey: 'returned', code: row.code, fields: { comment: setCommentError }, onClose });
  const giveBack = trpc.etmf.return.useMutation(handlers);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const problem = checkField(documentReturnInput.shape.comment, comment, t('returnDialog.commentRequired'));
    setCommentError(problem);
    if (problem) return;
    setError(null);
    giveBack.mutate({ id: row.id, version: row.rowVersion, comment: comment.trim() });
  };

  return (
    <StepDialogFrame testId="etmf-return-dialog" title={t('returnDialog.title')} row={row} onClose={onClose}>
      <form noValidate className="grid gap-4" onSubmit={submit}>
        <FormField id="etmf-return-comment" label={t('returnDialog.comment')} hint={t('returnDialog.hint')} error={commentError}>
          <Textarea rows={4} maxLength={TEXT_LIMITS.text} value={comment} onChange={(e) => setComment(e.target.value)} autoFocus />
        </FormField>
        <WriteErrorNotice error={error} reloading={reloading} onReload={() => void reload().then(() => setError(null))} />
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            {t('dialogs.cancel')}
          </Button>
          <Button type="submit" disabled={giveBack.isPending}>
            {giveBack.isPending ? t('dialogs.sending') : t('returnDialog.submit')}
          </Button>
        </DialogFooter>
      </form>
    </StepDialogFrame>
  );
}
