// New Study / Create First Study / New Trial: one dialog, validated with the contracts' studyCreateInput.
import { useState, type ReactElement } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { StudyCreateInput } from '@ctp/contracts';
import { trpc, type RouterOutputs } from '@/lib/trpc';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import { StudyFormFields } from './study-form-fields';
import { createStudyResolver, EMPTY_STUDY_FORM, STUDY_FORM_FIELDS, type StudyFormValues } from './study-form';
import { applyServerErrors, formWriteError, isConflict } from '@/lib/server-error';
import { WriteErrorNotice } from '@/components/write-error-notice';
import { FormActions } from '@/components/form-actions';

type CreatedStudy = RouterOutputs['studies']['create'];

export function CreateStudyDialog({
  trigger,
  title,
  onCreated,
}: {
  trigger: ReactElement;
  title?: string;
  onCreated: (s: CreatedStudy) => void;
}) {
  const { t } = useTranslation('studies');
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{title ?? t('create.title')}</DialogTitle>
          <DialogDescription>{t('create.description')}</DialogDescription>
        </DialogHeader>
        {open && (
          <CreateStudyForm
            onCancel={() => setOpen(false)}
            onCreated={(s) => {
              setOpen(false);
              onCreated(s);
            }}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function CreateStudyForm({
  onCancel,
  onCreated,
}: {
  onCancel: () => void;
  onCreated: (s: CreatedStudy) => void;
}) {
  const { t } = useTranslation('studies');
  const utils = trpc.useUtils();
  const form = useForm<StudyFormValues, unknown, StudyCreateInput>({
    resolver: createStudyResolver,
    defaultValues: EMPTY_STUDY_FORM,
  });
  const create = trpc.studies.create.useMutation({
    onSuccess: (study) => {
      void utils.studies.invalidate();
      void utils.trials.invalidate();
      toast({ title: t('create.created'), description: t('create.createdText', { code: study.studyId }) });
      onCreated(study);
    },
    onError: (error, input) => {
      // A duplicate code belongs to the code field; the rest of the input stays as typed.
      if (isConflict(error))
        form.setError('studyId', {
          type: 'server',
          message: t('create.duplicateCode', { code: input.studyId }),
        });
      else applyServerErrors(error, form.setError, STUDY_FORM_FIELDS);
    },
  });
  const errors = form.formState.errors;
  return (
    <form className="grid gap-4" noValidate onSubmit={form.handleSubmit((input) => create.mutate(input))}>
      <StudyFormFields register={(name) => form.register(name)} errors={errors} withCode />
      <WriteErrorNotice error={formWriteError(null, errors.root?.server?.message)} />
      <FormActions onCancel={onCancel} pending={create.isPending} submitLabel={t('create.submit')} />
    </form>
  );
}
