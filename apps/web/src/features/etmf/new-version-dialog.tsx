// Upload New Version: the new file, its version label (the next major one offered), expiry date and a
// comment, sent as multipart to POST /api/etmf-documents/{id}/versions with the version the dialog read.
// Earlier versions stay readable; the document needs its review again when its artifact is approved.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import { documentNewVersionInput, TEXT_LIMITS } from '@ctp/contracts';
import { trpc } from '@/lib/trpc';
import { serverError, type ServerError } from '@/lib/server-error';
import { Button } from '@/components/ui/button';
import { Input, Textarea } from '@/components/ui/input';
import { DialogFooter } from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import { FormField } from '@/components/form-field';
import { WriteErrorNotice } from '@/components/write-error-notice';
import type { DocumentRow } from './document-actions';
import { checkField } from './check-field';
import { fileProblem } from './file-check';
import { FileField } from './file-field';
import { postMultipart } from './post-multipart';
import { StepDialogFrame } from './step-dialog-frame';
import { useFreshDocument } from './use-fresh-document';

/** "1.0" -> "2.0", "v3" -> "" (the user writes it). */
export function nextVersionLabel(label: string): string {
  const major = /^(\d+)(\.\d+)*$/.exec(label.trim());
  return major ? `${Number(major[1]) + 1}.0` : '';
}

type Field = 'file' | 'versionLabel' | 'expiryDate' | 'comment';

export function NewVersionDialog({ row: initial, onClose }: { row: DocumentRow; onClose: () => void }) {
  const { t } = useTranslation('etmf');
  const utils = trpc.useUtils();
  const { row, reload, reloading } = useFreshDocument(initial);
  const [file, setFile] = useState<File | null>(null);
  const [versionLabel, setVersionLabel] = useState(() => nextVersionLabel(initial.version));
  const [expiryDate, setExpiryDate] = useState('');
  const [comment, setComment] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const [error, setError] = useState<ServerError | null>(null);
  const upload = useMutation({
    mutationFn: (chosen: File) =>
      postMultipart<{ id: number }>(
        `/api/etmf-documents/${row.id}/versions`,
        { version: row.rowVersion, versionLabel: versionLabel.trim(), expiryDate, comment: comment.trim() },
        chosen,
        t('upload.errors.network'),
      ),
    onSuccess: () => {
      toast({ title: t('toasts.newVersion'), description: `${row.code} · ${versionLabel.trim()}` });
      void utils.etmf.invalidate();
      onClose();
    },
    onError: (e) => {
      const err = serverError(e);
      const placed: Partial<Record<Field, string>> = {};
      for (const field of ['file', 'versionLabel', 'expiryDate', 'comment'] as const) {
        const message = err.fieldErrors[field]?.[0];
        if (message) placed[field] = message;
      }
      setFieldErrors(placed);
      setError(Object.keys(placed).length ? null : err);
    },
  });

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const problems: Partial<Record<Field, string>> = {
      file: fileProblem(file, t),
      versionLabel: checkField(documentNewVersionInput.shape.versionLabel, versionLabel, t('upload.errors.version')),
      expiryDate: expiryDate ? checkField(documentNewVersionInput.shape.expiryDate, expiryDate) : undefined,
      comment: checkField(documentNewVersionInput.shape.comment, comment.trim() || undefined),
    };
    setFieldErrors(problems);
    if (Object.values(problems).some(Boolean) || !file) return;
    setError(null);
    upload.mutate(file);
  };

  return (
    <StepDialogFrame testId="etmf-version-dialog" title={t('newVersion.title')} row={row} onClose={onClose}>
      <form noValidate className="grid gap-4" onSubmit={submit}>
        <p className="text-sm text-muted-foreground">{t('newVersion.text')}</p>
        <FileField id="etmf-version-file" file={file} error={fieldErrors.file} onFile={setFile} />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id="etmf-version-label" label={t('upload.version')} error={fieldErrors.versionLabel}>
            <Input maxLength={TEXT_LIMITS.code} value={versionLabel} onChange={(e) => setVersionLabel(e.target.value)} />
          </FormField>
          <FormField id="etmf-version-expiry" label={t('upload.expiryDate')} error={fieldErrors.expiryDate}>
            <Input type="date" value={expiryDate} onChange={(e) => setExpiryDate(e.target.value)} />
          </FormField>
        </div>
        <FormField id="etmf-version-comment" label={t('upload.comment')} error={fieldErrors.comment}>
          <Textarea rows={2} maxLength={TEXT_LIMITS.text} value={comment} onChange={(e) => setComment(e.target.value)} />
        </FormField>
        <WriteErrorNotice error={error} reloading={reloading} onReload={() => void reload().then(() => setError(null))} />
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            {t('dialogs.cancel')}
          </Button>
          <Button type="submit" disabled={upload.isPending}>
            {upload.isPending ? t('upload.uploading') : t('newVersion.submit')}
          </Button>
        </DialogFooter>
      </form>
    </StepDialogFrame>
  );
}
