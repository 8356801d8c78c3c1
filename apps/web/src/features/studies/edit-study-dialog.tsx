// Edit Study: every field but the code, a required reason for change, and the version the form was
// filled from; a stale version is refused by the server (CONFLICT) and the input is kept.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Pencil } from 'lucide-react';
import { trpc } from '@/lib/trpc';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { StudyFormFields } from './study-form-fields';
import {
  changedFields,
  changedKeys,
  editStudyResolver,
  STUDY_FORM_FIELDS,
  type EditableStudy,
  type StudyEditOutput,
  type StudyEditValues,
} from './study-form';
import { applyServerErrors, formWriteError, isConflict, serverError, type ServerError } from '@/lib/server-error';
import { WriteErrorNotice } from '@/components/write-error-notice';
import { ReasonField, WriteDialog, type WriteFormProps } from './write-dialog';
import { FormActions } from '@/components/form-actions';

interface Props {
  study: EditableStudy;
  /** Reads the record again (after a conflict). */
  reload: () => Promise<EditableStudy | undefined>;
  label?: string;
}

export function EditStudyDialog({ study, reload, label }: Props) {
  const { t } = useTranslation('studies');
  return (
    <WriteDialog
      wide
      record={study}
      trigger={
        <Button variant="outline">
          <Pencil /> {label ?? t('edit.button')}
        </Button>
      }
      title={t('edit.title', { code: study.code })}
      description={t('edit.description')}
      reload={reload}
    >
      {(record, props) => <EditStudyForm study={record} {...props} />}
    </WriteDialog>
  );
}

function EditStudyForm({ study, close, onReload, reloading }: { study: EditableStudy } & WriteFormProps) {
  const { t } = useTranslation('studies');
  const utils = trpc.useUtils();
  // The version this form was filled from: it travels with the change, whatever is refetched meanwhile.
  const [baseline] = useState(() => ({
    id: study.id,
    version: study.version,
    values: { ...study.values, reason: '' },
  }));
  const form = useForm<StudyEditValues, unknown, StudyEditOutput>({
    resolver: editStudyResolver,
    defaultValues: baseline.values,
  });
  const [conflict, setConflict] = useState<ServerError | null>(null);
  const update = trpc.studies.update.useMutation({
    onSuccess: () => {
      void utils.studies.invalidate();
      void utils.trials.invalidate();
      toast({ title: t('edit.saved'), description: t('edit.savedText', { code: study.code }) });
      close();
    },
    onError: (error) => {
      if (isConflict(error)) setConflict(serverError(error));
      else applyServerErrors(error, form.setError, [...STUDY_FORM_FIELDS, 'reason']);
    },
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit((output) => {
    const changes = changedFields(output, changedKeys(form.getValues(), baseline.values));
    if (!Object.keys(changes).length) {
      form.setError('root.server', { type: 'client', message: t('form.noChanges') });
      return;
    }
    setConflict(null);
    update.mutate({ id: baseline.id, version: baseline.version, reason: output.reason, changes });
  });
  return (
    <form className="grid gap-4" noValidate onSubmit={submit}>
      <StudyFormFields
        register={(name) => form.register(name as keyof StudyEditValues)}
        errors={errors}
        withActualEnd
      />
      <ReasonField id="study-reason" error={errors.reason?.message} registration={form.register('reason')} />
      <WriteErrorNotice
        error={formWriteError(conflict, errors.root?.server?.message)}
        onReload={onReload}
        reloading={reloading}
      />
      <FormActions onCancel={close} pending={update.isPending} />
    </form>
  );
}
