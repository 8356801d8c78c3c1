// The New Submission form: study, submission type, agency, title, priority, due date, reviewer (a member
// of the study who may be named), the agency's reference if one exists already, and the study's eTMF
// documents to link. Validated with the contracts' schema; the server's refusals land on their fields or
// above the buttons, and every value is kept.
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { skipToken } from '@tanstack/react-query';
import { AGENCIES, SUBMISSION_PRIORITIES, type SubmissionCreateInput } from '@ctp/contracts';
import { trpc, type RouterOutputs } from '@/lib/trpc';
import { applyServerErrors, formWriteError } from '@/lib/server-error';
import { todayLocalIso } from '@/lib/format';
import { Input, NativeSelect } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { FormField } from '@/components/form-field';
import { FormActions } from '@/components/form-actions';
import { WriteErrorNotice } from '@/components/write-error-notice';
import { emptyNewSubmission, NEW_SUBMISSION_FIELDS, newSubmissionResolver, type NewSubmissionValues } from './new-submission-values';
import { SubmissionDocumentsField } from './submission-documents-field';
import type { PickedDocument } from './document-picker';
import { useErtmsLabels } from './use-ertms-labels';
import { useErtmsMessage } from './use-ertms-message';

export type CreatedSubmission = RouterOutputs['ertms']['create'];

export function NewSubmissionForm({ onCancel, onCreated }: { onCancel: () => void; onCreated: (s: CreatedSubmission) => void }) {
  const { t } = useTranslation('ertms');
  const { t: tc } = useTranslation('common');
  const { typeName, agencyName } = useErtmsLabels();
  const message = useErtmsMessage();
  const utils = trpc.useUtils();
  const resolver = useMemo(() => newSubmissionResolver({ chooseStudy: t('dialogs.new.chooseStudyError'), chooseAgency: t('dialogs.new.chooseAgencyError') }), [t]);
  const form = useForm<NewSubmissionValues, unknown, SubmissionCreateInput>({ resolver, defaultValues: emptyNewSubmission() });
  const [documents, setDocuments] = useState<PickedDocument[]>([]);
  const studyId = Number(form.watch('studyId')) || undefined;
  const typeCode = form.watch('typeCode');
  const studies = trpc.studies.list.useQuery({ limit: 100 });
  const types = trpc.ertms.types.useQuery();
  const reviewers = trpc.etmf.approvers.useQuery(studyId ? { studyId } : skipToken);
  const create = trpc.ertms.create.useMutation({
    onSuccess: (created) => {
      toast({ title: t('toasts.created'), description: created.submissionNumber });
      void utils.ertms.invalidate();
      onCreated(created);
    },
    onError: (error) => applyServerErrors(error, form.setError, NEW_SUBMISSION_FIELDS),
  });
  const errors = form.formState.errors;
  const study = form.register('studyId', {
    // Documents and reviewers belong to a study: choosing another starts them again.
    onChange: () => {
      setDocuments([]);
      form.setValue('reviewerId', '');
    },
  });

  return (
    <form
      noValidate
      className="grid gap-4"
      data-testid="new-submission-form"
      onSubmit={form.handleSubmit((input) => create.mutate({ ...input, documentIds: documents.map((d) => d.id) }))}
    >
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField id="new-submission-study" label={t('fields.study')} error={message(errors.studyId?.message)}>
          <NativeSelect key={studies.isPending ? 'loading' : 'ready'} {...study} disabled={studies.isPending}>
            <option value="">{studies.isPending ? t('dialogs.new.loading') : t('dialogs.new.chooseStudy')}</option>
            {studies.data?.items.map((s) => (
              <option key={s.id} value={String(s.id)}>
                {s.studyId} — {s.title}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField id="new-submission-type" label={t('fields.type')} error={message(errors.typeCode?.message)}>
          <NativeSelect key={types.isPending ? 'loading' : 'ready'} {...form.register('typeCode')} disabled={types.isPending}>
            <option value="">{types.isPending ? t('dialogs.new.loading') : t('dialogs.new.chooseType')}</option>
            {types.data?.map((ty) => (
              <option key={ty.code} value={ty.code}>
                {typeName(ty.code, ty.name)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField id="new-submission-agency" label={t('fields.agency')} error={message(errors.agency?.message)}>
          <NativeSelect {...form.register('agency')}>
            <option value="">{t('dialogs.new.chooseAgency')}</option>
            {AGENCIES.map((a) => (
              <option key={a} value={a}>
                {agencyName(a)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>
      <FormField id="new-submission-title" label={t('fields.title')} hint={t('dialogs.new.titleHint')} error={message(errors.title?.message)}>
        <Input maxLength={200} {...form.register('title')} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <FormField id="new-submission-priority" label={t('fields.priority')} error={message(errors.priority?.message)}>
          <NativeSelect {...form.register('priority')}>
            {SUBMISSION_PRIORITIES.map((p) => (
              <option key={p} value={p}>
                {tc(`status.${p}`)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField id="new-submission-due" label={t('fields.dueDate')} hint={t('dialogs.new.optional')} error={message(errors.dueDate?.message)}>
          <Input type="date" min={todayLocalIso()} {...form.register('dueDate')} />
        </FormField>
        <FormField id="new-submission-reviewer" label={t('fields.reviewer')} hint={studyId ? t('dialogs.new.optional') : t('dialogs.new.reviewerHint')} error={message(errors.reviewerId?.message)}>
          <NativeSelect key={reviewers.data ? `ready-${studyId}` : 'none'} {...form.register('reviewerId')} disabled={!studyId || reviewers.isPending}>
            <option value="">{t('dialogs.new.noReviewer')}</option>
            {reviewers.data?.map((u) => (
              <option key={u.id} value={String(u.id)}>
                {u.fullName} — {tc(`roles.${u.role}`, { defaultValue: u.role })}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField id="new-submission-reference" label={t('fields.agencyReference')} hint={t('dialogs.new.optional')} error={message(errors.agencyReference?.message)}>
          <Input maxLength={100} {...form.register('agencyReference')} />
        </FormField>
      </div>
      <SubmissionDocumentsField
        studyId={studyId}
        required={types.data?.find((ty) => ty.code === typeCode)?.requiredArtifacts}
        picked={documents}
        onChange={setDocuments}
      />
      <WriteErrorNotice error={formWriteError(null, message(errors.root?.server?.message))} />
      <FormActions onCancel={onCancel} pending={create.isPending} submitLabel={t('dialogs.new.submit')} />
    </form>
  );
}
