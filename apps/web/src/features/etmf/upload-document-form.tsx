// The Upload Document form: the file, study and (optionally) site, the TMF artifact, the document's name,
// version label and expiry date, and optionally an approver (the document goes for review at once) and
// a comment. Sent as multipart to POST /api/etmf-documents; a refusal is shown on its field or above the
// buttons, and the values stay.
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import { TEXT_LIMITS } from '@ctp/contracts';
import { trpc } from '@/lib/trpc';
import { applyServerErrors, formWriteError } from '@/lib/server-error';
import { Input, Textarea } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { FormField } from '@/components/form-field';
import { FormActions } from '@/components/form-actions';
import { WriteErrorNotice } from '@/components/write-error-notice';
import { ArtifactSelect, useArtifactRules } from './artifact-select';
import { ApproverSelect } from './approver-select';
import { FileField } from './file-field';
import { postMultipart } from './post-multipart';
import { UploadStudyFields } from './upload-study-fields';
import { emptyUpload, UPLOAD_FIELDS, uploadResolver, type UploadOutput, type UploadValues } from './upload-values';
import { idParam } from './use-etmf-params';

export interface UploadedDocument {
  id: number;
  code: string;
  status: string;
  reviewStatus: string;
}

export function UploadDocumentForm({ onCancel, onUploaded }: { onCancel: () => void; onUploaded: (doc: UploadedDocument) => void }) {
  const { t } = useTranslation('etmf');
  const utils = trpc.useUtils();
  const resolver = useMemo(() => uploadResolver(t), [t]);
  const form = useForm<UploadValues, unknown, UploadOutput>({ resolver, defaultValues: emptyUpload() });
  const errors = form.formState.errors;
  const rules = useArtifactRules(form.watch('artifactNumber'));
  const studyId = idParam(form.watch('studyId'));
  const file = form.watch('file');
  const upload = useMutation({
    mutationFn: ({ file: chosen, ...fields }: UploadOutput) => postMultipart<UploadedDocument>('/api/etmf-documents', fields, chosen, t('upload.errors.network')),
    onSuccess: (doc) => {
      toast({ title: t('toasts.uploaded'), description: t('toasts.uploadedText', { code: doc.code }) });
      void utils.etmf.invalidate();
      onUploaded(doc);
    },
    onError: (error) => applyServerErrors(error, form.setError, UPLOAD_FIELDS),
  });
  return (
    <form noValidate className="grid gap-4" onSubmit={form.handleSubmit((values) => upload.mutate(values))} data-testid="etmf-upload-form">
      <FileField
        id="etmf-upload-file"
        file={file}
        error={errors.file?.message}
        onFile={(chosen) => {
          form.setValue('file', chosen, { shouldValidate: form.formState.isSubmitted });
          // The file's name (without its extension) is a fair first guess at the document's name.
          if (chosen && !form.getValues('title')) form.setValue('title', chosen.name.replace(/\.[^.]+$/, '').slice(0, TEXT_LIMITS.name));
        }}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <UploadStudyFields form={form} />
      </div>
      <FormField
        id="etmf-upload-artifact"
        label={t('upload.artifact')}
        hint={rules?.needsApproval ? t('upload.needsApproval') : rules ? t('upload.filedAsFinal') : t('upload.artifactHint')}
        error={errors.artifactNumber?.message}
      >
        <ArtifactSelect {...form.register('artifactNumber')} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-[1fr_8rem_11rem]">
        <FormField id="etmf-upload-title" label={t('upload.title')} error={errors.title?.message}>
          <Input maxLength={TEXT_LIMITS.name} {...form.register('title')} />
        </FormField>
        <FormField id="etmf-upload-version" label={t('upload.version')} error={errors.versionLabel?.message}>
          <Input maxLength={TEXT_LIMITS.code} {...form.register('versionLabel')} />
        </FormField>
        <FormField
          id="etmf-upload-expiry"
          label={t('upload.expiryDate')}
          hint={rules?.expires ? t('upload.expiresHint') : undefined}
          error={errors.expiryDate?.message}
        >
          <Input type="date" {...form.register('expiryDate')} />
        </FormField>
      </div>
      <FormField id="etmf-upload-approver" label={t('upload.approver')} hint={t('upload.approverHint')} error={errors.approverId?.message}>
        <ApproverSelect studyId={studyId} emptyLabel={t('upload.noApprover')} {...form.register('approverId')} />
      </FormField>
      <FormField id="etmf-upload-comment" label={t('upload.comment')} error={errors.comment?.message}>
        <Textarea rows={2} maxLength={TEXT_LIMITS.text} {...form.register('comment')} />
      </FormField>
      <WriteErrorNotice error={formWriteError(null, errors.root?.server?.message)} />
      <FormActions onCancel={onCancel} pending={upload.isPending} submitLabel={t('upload.submit')} />
    </form>
  );
}
