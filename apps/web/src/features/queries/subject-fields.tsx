// New Query's study and subject: the user's studies, then a subject of that study found by code
// (server-side search; site staff see their own sites' subjects only).
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { skipToken } from '@tanstack/react-query';
import { trpc } from '@/lib/trpc';
import { Input, NativeSelect } from '@/components/ui/input';
import { FormField } from '@/components/form-field';
import type { NewQueryForm } from './new-query-values';

const DEBOUNCE_MS = 300;

export function SubjectFields({ form }: { form: NewQueryForm }) {
  const { t } = useTranslation('queries');
  const studyId = form.watch('studyId');
  const patientId = form.watch('patientId');
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  // The chosen subject stays an option while a new search's results load or leave it out.
  const [chosen, setChosen] = useState<{ id: string; code: string; site: string } | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const studies = trpc.studies.list.useQuery({ limit: 100 });
  const patients = trpc.patients.list.useQuery(studyId ? { studyId: Number(studyId), search: search || undefined, limit: 25 } : skipToken);
  const options = patients.data?.items ?? [];
  const errors = form.formState.errors;

  const study = form.register('studyId', {
    onChange: () => {
      form.setValue('patientId', '');
      form.setValue('submissionId', '');
      setChosen(null);
    },
  });
  const patient = form.register('patientId', {
    onChange: (e: React.ChangeEvent<HTMLSelectElement>) => {
      form.setValue('submissionId', '');
      const p = options.find((o) => String(o.id) === e.target.value);
      setChosen(p ? { id: String(p.id), code: p.patientId, site: p.siteName } : null);
    },
  });

  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <FormField id="new-query-study" label={t('fields.study')} error={errors.studyId?.message}>
        <NativeSelect key={studies.isPending ? 'loading' : 'ready'} {...study} disabled={studies.isPending}>
          <option value="">{studies.isPending ? t('dialogs.new.loadingStudies') : t('dialogs.new.chooseStudy')}</option>
          {studies.data?.items.map((s) => (
            <option key={s.id} value={String(s.id)}>
              {s.studyId} — {s.title}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField id="new-query-subject-search" label={t('fields.findSubject')}>
        <Input
          type="search"
          value={text}
          maxLength={100}
          disabled={!studyId}
          placeholder={t('dialogs.new.findSubjectPlaceholder')}
          onChange={(e) => setText(e.target.value)}
        />
      </FormField>
      <FormField
        id="new-query-subject"
        label={t('fields.subject')}
        error={errors.patientId?.message}
        hint={chosen && chosen.id === patientId ? t('dialogs.new.subjectSite', { site: chosen.site }) : undefined}
      >
        <NativeSelect {...patient} disabled={!studyId}>
          <option value="">{patients.isFetching ? t('dialogs.new.searching') : t('dialogs.new.chooseSubject', { count: options.length })}</option>
          {chosen && !options.some((o) => String(o.id) === chosen.id) && <option value={chosen.id}>{chosen.code}</option>}
          {options.map((p) => (
            <option key={p.id} value={String(p.id)}>
              {p.patientId}
            </option>
          ))}
        </NativeSelect>
      </FormField>
    </div>
  );
}
