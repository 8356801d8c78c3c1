// Edit Query's form: priority, type, due date, description and the reason for change.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { QUERY_KINDS, QUERY_PRIORITIES, type QueryRow } from '@ctp/contracts';
import { trpc } from '@/lib/trpc';
import { applyServerErrors, formWriteError, isConflict, serverError, type ServerError } from '@/lib/server-error';
import { Input, NativeSelect, Textarea } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { FormField } from '@/components/form-field';
import { FormActions } from '@/components/form-actions';
import { WriteErrorNotice } from '@/components/write-error-notice';
import { EDIT_QUERY_FIELDS, editQueryResolver, editQueryValues, queryChanges, type EditQueryOutput, type EditQueryValues } from './edit-query-values';

export function EditQueryForm({
  row,
  onClose,
  onReload,
  reloading,
}: {
  row: QueryRow;
  onClose: () => void;
  onReload: () => void;
  reloading: boolean;
}) {
  const { t } = useTranslation('queries');
  const utils = trpc.useUtils();
  const form = useForm<EditQueryValues, unknown, EditQueryOutput>({ resolver: editQueryResolver, defaultValues: editQueryValues(row) });
  const [conflict, setConflict] = useState<ServerError | null>(null);
  const update = trpc.queries.update.useMutation({
    onSuccess: () => {
      toast({ title: t('toasts.edit'), description: row.queryId });
      onClose();
      void utils.queries.invalidate();
    },
    onError: (error) => {
      if (isConflict(error)) setConflict(serverError(error));
      else applyServerErrors(error, form.setError, EDIT_QUERY_FIELDS);
    },
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit((values) => {
    const changes = queryChanges(row, values);
    if (!Object.keys(changes).length) {
      form.setError('root.server', { type: 'client', message: t('dialogs.edit.noChanges') });
      return;
    }
    setConflict(null);
    update.mutate({ id: row.id, version: row.version, changes, reason: values.reason });
  });
  return (
    <form noValidate className="grid gap-4" onSubmit={submit}>
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField id="edit-query-priority" label={t('fields.priority')} error={errors.priority?.message}>
          <NativeSelect {...form.register('priority')}>
            {QUERY_PRIORITIES.map((p) => (
              <option key={p} value={p}>
                {t(`priority.${p}`)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField id="edit-query-type" label={t('fields.type')} error={errors.type?.message}>
          <NativeSelect {...form.register('type')}>
            {QUERY_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`kinds.${k}`)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField id="edit-query-due" label={t('fields.dueDate')} error={errors.dueDate?.message}>
          <Input type="date" {...form.register('dueDate')} />
        </FormField>
      </div>
      <FormField id="edit-query-description" label={t('fields.description')} error={errors.description?.message}>
        <Textarea rows={3} maxLength={5000} {...form.register('description')} />
      </FormField>
      <FormField id="edit-query-reason" label={t('fields.reasonForChange')} hint={t('fields.reasonHint')} error={errors.reason?.message}>
        <Input autoComplete="off" maxLength={500} {...form.register('reason')} />
      </FormField>
      <WriteErrorNotice error={formWriteError(conflict, errors.root?.server?.message)} onReload={onReload} reloading={reloading} />
      <FormActions onCancel={onClose} pending={update.isPending} />
    </form>
  );
}
