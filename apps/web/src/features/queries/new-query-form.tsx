// The New Query form: study and subject, optionally the form entry and field, then type, priority,
// description (at least 3 characters) and due date (the server sets 14 days when none is given).
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { QUERY_KINDS, QUERY_PRIORITIES, type QueryCreateInput } from '@ctp/contracts';
import { trpc, type RouterOutputs } from '@/lib/trpc';
import { applyServerErrors, formWriteError } from '@/lib/server-error';
import { todayLocalIso } from '@/lib/format';
import { Input, NativeSelect, Textarea } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { FormField } from '@/components/form-field';
import { FormActions } from '@/components/form-actions';
import { WriteErrorNotice } from '@/components/write-error-notice';
import { emptyNewQuery, NEW_QUERY_FIELDS, newQueryResolver, type NewQueryValues } from './new-query-values';
import { SubjectFields } from './subject-fields';
import { FormEntryFields } from './form-entry-fields';

export type RaisedQuery = RouterOutputs['queries']['create'];

export function NewQueryForm({ onCancel, onRaised }: { onCancel: () => void; onRaised: (q: RaisedQuery) => void }) {
  const { t } = useTranslation('queries');
  const utils = trpc.useUtils();
  const resolver = useMemo(
    () => newQueryResolver({ chooseStudy: t('dialogs.new.chooseStudyError'), chooseSubject: t('dialogs.new.chooseSubjectError') }),
    [t],
  );
  const form = useForm<NewQueryValues, unknown, QueryCreateInput>({ resolver, defaultValues: emptyNewQuery() });
  const create = trpc.queries.create.useMutation({
    onSuccess: (raised) => {
      toast({ title: t('toasts.raise'), description: t('toasts.raiseText', { code: raised.code }) });
      void utils.queries.invalidate();
      onRaised(raised);
    },
    onError: (error) => applyServerErrors(error, form.setError, NEW_QUERY_FIELDS),
  });
  const errors = form.formState.errors;
  return (
    <form noValidate className="grid gap-4" onSubmit={form.handleSubmit((input) => create.mutate(input))}>
      <SubjectFields form={form} />
      <FormEntryFields form={form} />
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField id="new-query-type" label={t('fields.type')} error={errors.type?.message}>
          <NativeSelect {...form.register('type')}>
            {QUERY_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`kinds.${k}`)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField id="new-query-priority" label={t('fields.priority')} error={errors.priority?.message}>
          <NativeSelect {...form.register('priority')}>
            {QUERY_PRIORITIES.map((p) => (
              <option key={p} value={p}>
                {t(`priority.${p}`)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField id="new-query-due" label={t('fields.dueDate')} hint={t('dialogs.new.dueHint')} error={errors.dueDate?.message}>
          <Input type="date" min={todayLocalIso()} {...form.register('dueDate')} />
        </FormField>
      </div>
      <FormField id="new-query-description" label={t('fields.description')} hint={t('dialogs.new.descriptionHint')} error={errors.description?.message}>
        <Textarea rows={3} maxLength={5000} {...form.register('description')} />
      </FormField>
      <WriteErrorNotice error={formWriteError(null, errors.root?.server?.message)} />
      <FormActions onCancel={onCancel} pending={create.isPending} submitLabel={t('dialogs.new.submit')} />
    </form>
  );
}
