// Send for Review: the approver (a member of the study whose role may approve, not the user) and an
// optional comment. The approver is notified; the document waits for them in Pending Review.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { documentSendForReviewInput, TEXT_LIMITS } from '@ctp/contracts';
import { trpc } from '@/lib/trpc';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/input';
import { DialogFooter } from '@/components/ui/dialog';
import { FormField } from '@/components/form-field';
import { WriteErrorNotice } from '@/components/write-error-notice';
import type { DocumentRow } from './document-actions';
import { ApproverSelect } from './approver-select';
import { checkField } from './check-field';
import { StepDialogFrame } from './step-dialog-frame';
import { useFreshDocument } from './use-fresh-document';
import { useStepHandlers } from './use-step-handlers';

export function SendForReviewDialog({ row: initial, onClose }: { row: DocumentRow; onClose: () => void }) {
  const { t } = useTranslation('etmf');
  const { row, reload, reloading } = useFreshDocument(initial);
  const [approverId, setApproverId] = useState('');
  const [comment, setComment] = useState('');
  const [approverError, setApproverError] = useState<string | undefined>();
  const [commentError, setCommentError] = useState<string | undefined>();
  const { handlers, error, setError } = useStepHandlers({
    toastKey: 'sent',
    code: row.code,
    fields: { approverId: setApproverError, comment: setCommentError },
    onClose,
  });
  const send = trpc.etmf.sendForReview.useMutation(handlers);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const approverProblem = checkField(documentSendForReviewInput.shape.approverId, approverId, t('review.chooseApproverError'));
    const commentProblem = checkField(documentSendForReviewInput.shape.comment, comment.trim() || undefined);
    setApproverError(approverProblem);
    setCommentError(commentProblem);
    if (approverProblem || commentProblem) return;
    setError(null);
    send.mutate({ id: row.id, version: row.rowVersion, approverId: Number(approverId), comment: comment.trim() || undefined });
  };

  return (
    <StepDialogFrame testId="etmf-send-dialog" title={t('review.sendTitle')} row={row} onClose={onClose}>
      <form noValidate className="grid gap-4" onSubmit={submit}>
        <p className="text-sm text-muted-foreground">{t('review.sendText')}</p>
        <FormField id="etmf-send-approver" label={t('review.approver')} error={approverError}>
          <ApproverSelect studyId={row.studyDbId} emptyLabel={t('review.chooseApprover')} value={approverId} onChange={(e) => setApproverId(e.target.value)} />
        </FormField>
        <FormField id="etmf-send-comment" label={t('review.comment')} error={commentError}>
          <Textarea rows={3} maxLength={TEXT_LIMITS.text} value={comment} onChange={(e) => setComment(e.target.value)} />
        </FormField>
        <WriteErrorNotice error={error} reloading={reloading} onReload={() => void reload().then(() => setError(null))} />
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            {t('dialogs.cancel')}
          </Button>
          <Button type="submit" disabled={send.isPending}>
            {send.isPending ? t('dialogs.sending') : t('review.sendSubmit')}
          </Button>
        </DialogFooter>
      </form>
    </StepDialogFrame>
  );
}
