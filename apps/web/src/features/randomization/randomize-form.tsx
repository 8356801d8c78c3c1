// The Randomize form: each inclusion and exclusion criterion answered yes or no, the stratum values
// (taken from the site, or chosen among the factor's levels), a confirmation, then randomization.randomize.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Shuffle } from 'lucide-react';
import { trpc } from '@/lib/trpc';
import { serverError, type ServerError } from '@/lib/server-error';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/input';
import { FormField } from '@/components/form-field';
import { WriteErrorNotice } from '@/components/write-error-notice';
import type { RandomizeAnswer, SubjectRandomization } from './subject-randomization-dialog';

export function RandomizeForm({ subject, onDone }: { subject: SubjectRandomization; onDone: (a: RandomizeAnswer) => void }) {
  const { t } = useTranslation('randomization');
  const utils = trpc.useUtils();
  const [answers, setAnswers] = useState<Record<number, boolean | undefined>>({});
  const [values, setValues] = useState<Record<string, string>>({});
  const [confirmed, setConfirmed] = useState(false);
  const [error, setError] = useState<ServerError | null>(null);
  const randomize = trpc.randomization.randomize.useMutation({
    onSuccess: async (a) => {
      onDone(a);
      await Promise.all([utils.randomization.subject.invalidate({ patientId: subject.patientId }), utils.design.subjectArm.invalidate({ patientId: subject.patientId })]);
    },
    onError: (e) => setError(serverError(e)),
  });
  const manual = subject.factors.filter((f) => f.source === 'subject');
  const complete = subject.criteria.every((c) => answers[c.id] !== undefined) && manual.every((f) => values[f.key]);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    randomize.mutate({
      patientId: subject.patientId,
      stratumValues: Object.fromEntries(manual.map((f) => [f.key, values[f.key] ?? ''])),
      eligibility: subject.criteria.map((c) => ({ criterionId: c.id, met: answers[c.id] === true })),
      confirmed: true,
    });
  };
  return (
    <form noValidate className="grid gap-4" onSubmit={submit} data-testid="randomize-form">
      {subject.criteria.length > 0 && (
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">{t('randomize.eligibility')}</legend>
          {subject.criteria.map((c) => (
            <div key={c.id} className="grid gap-1 rounded-md border p-2 text-sm" data-testid={`criterion-${c.code}`}>
              <p>
                <span className="font-mono text-xs font-semibold">{c.code}</span> · {t(`randomize.${c.kind}`)} — {c.text}
              </p>
              <div className="flex gap-4" role="radiogroup" aria-label={c.code}>
                {([true, false] as const).map((met) => (
                  <label key={String(met)} className="flex items-center gap-1.5">
                    <input type="radio" name={`criterion-${c.id}`} checked={answers[c.id] === met} onChange={() => setAnswers((a) => ({ ...a, [c.id]: met }))} />
                    {t(met ? 'randomize.applies' : 'randomize.doesNotApply')}
                  </label>
                ))}
              </div>
            </div>
          ))}
        </fieldset>
      )}
      {subject.factors.length > 0 && (
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">{t('randomize.strata')}</legend>
          {subject.factors.map((f) =>
            f.source === 'subject' ? (
              <FormField key={f.key} id={`stratum-${f.key}`} label={f.label}>
                <NativeSelect value={values[f.key] ?? ''} onChange={(e) => setValues((v) => ({ ...v, [f.key]: e.target.value }))}>
                  <option value="">{t('randomize.choose')}</option>
                  {f.levels.map((l) => (
                    <option key={l} value={l}>
                      {l}
                    </option>
                  ))}
                </NativeSelect>
              </FormField>
            ) : (
              <p key={f.key} className="flex justify-between text-sm">
                <span className="text-muted-foreground">{f.label}</span>
                <span className="font-medium">{f.value ?? '—'}</span>
              </p>
            ),
          )}
        </fieldset>
      )}
      <label className="flex items-start gap-2 text-sm">
        <input type="checkbox" className="mt-1" checked={confirmed} onChange={(e) => setConfirmed(e.target.checked)} data-testid="randomize-confirm" />
        {t('randomize.confirm')}
      </label>
      <WriteErrorNotice error={error} />
      <Button type="submit" disabled={!complete || !confirmed || randomize.isPending} data-testid="randomize-submit">
        <Shuffle /> {t('randomize.submit')}
      </Button>
    </form>
  );
}
