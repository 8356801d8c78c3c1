// New Query's optional place in the data: one of the subject's entered forms (by visit) and the code of
// the field the query is about.
import { useTranslation } from 'react-i18next';
import { skipToken } from '@tanstack/react-query';
import { trpc } from '@/lib/trpc';
import { Input, NativeSelect } from '@/components/ui/input';
import { FormField } from '@/components/form-field';
import type { NewQueryForm } from './new-query-values';

export function FormEntryFields({ form }: { form: NewQueryForm }) {
  const { t } = useTranslation('queries');
  const { t: tc } = useTranslation('common');
  const patientId = form.watch('patientId');
  const submissionId = form.watch('submissionId');
  const visits = trpc.submissions.subjectVisits.useQuery(patientId ? { patientId: Number(patientId) } : skipToken);
  const entries = (visits.data?.visits ?? []).flatMap((v) =>
    v.forms
      .filter((f) => f.submissionId !== null)
      .map((f) => ({ id: String(f.submissionId), label: `${v.name} · ${f.formName}`, status: f.submissionStatus })),
  );
  const chosen = entries.find((e) => e.id === submissionId);
  const errors = form.formState.errors;
  const placeholder = !patientId
    ? t('dialogs.new.chooseSubjectFirst')
    : visits.isPending
      ? t('dialogs.new.loadingEntries')
      : entries.length === 0
        ? t('dialogs.new.noEntries')
        : t('dialogs.new.noEntry');
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <FormField
        id="new-query-entry"
        label={t('fields.formEntry')}
        className="sm:col-span-2"
        error={errors.submissionId?.message ?? visits.error?.message}
        hint={chosen?.status ? t('dialogs.new.entryStatus', { status: tc(`status.${chosen.status}`, { defaultValue: chosen.status }) }) : t('dialogs.new.entryHint')}
      >
        <NativeSelect key={visits.data ? 'ready' : 'loading'} {...form.register('submissionId')} disabled={!patientId || entries.length === 0}>
          <option value="">{placeholder}</option>
          {entries.map((e) => (
            <option key={e.id} value={e.id}>
              {e.label}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField id="new-query-field" label={t('fields.fieldCode')} hint={t('dialogs.new.fieldHint')} error={errors.fieldPath?.message}>
        <Input autoComplete="off" maxLength={200} placeholder="SYSBP" {...form.register('fieldPath')} />
      </FormField>
    </div>
  );
}
