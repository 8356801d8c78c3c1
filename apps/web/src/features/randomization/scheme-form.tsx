// The scheme form: method, arms' allocation ratio (arms from the trial design), stratification
// factors (site with the study's sites as levels, country, or a subject value), block sizes or the
// minimization settings, planned enrollment and margin, and the reason. Checked with the contracts'
// schema before it is sent; the server's refusal is shown as it comes.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { schemeSaveInput, type SchemeKind } from '@ctp/contracts';
import { trpc } from '@/lib/trpc';
import { Button } from '@/components/ui/button';
import { Input, NativeSelect } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { FormField } from '@/components/form-field';
import { toast } from '@/components/ui/use-toast';
import { serverError } from '@/lib/server-error';
import { translateValidation } from '@/lib/validation-messages';
import { initialValues, saveInput, type FactorValues, type RandomizationData, type SchemeData, type SchemeValues } from './use-randomization';

export function SchemeForm({ data, kind, scheme, studyId }: { data: RandomizationData; kind: SchemeKind; scheme: SchemeData | null; studyId: number }) {
  const { t } = useTranslation('randomization');
  const [values, setValues] = useState<SchemeValues>(() => initialValues(data, scheme));
  const [problems, setProblems] = useState<string[]>([]);
  const utils = trpc.useUtils();
  const save = trpc.randomization.save.useMutation({
    onSuccess: async () => {
      setValues((v) => ({ ...v, reason: '' }));
      setProblems([]);
      toast({ title: t('form.saved') });
      await utils.randomization.invalidate();
    },
    onError: (error) => setProblems([serverError(error).message]),
  });
  const set = <K extends keyof SchemeValues>(key: K, value: SchemeValues[K]) => setValues((v) => ({ ...v, [key]: value }));
  const setFactor = (i: number, change: Partial<FactorValues>) => set('factors', values.factors.map((f, j) => (j === i ? { ...f, ...change } : f)));
  const addFactor = (source: FactorValues['source']) => {
    const preset =
      source === 'site'
        ? { key: 'site', label: t('factor.site'), levels: data.sites.map((s) => s.siteNumber).join(', ') }
        : source === 'country'
          ? { key: 'country', label: t('factor.country'), levels: [...new Set(data.sites.map((s) => s.country))].join(', ') }
          : { key: '', label: '', levels: '' };
    set('factors', [...values.factors, { ...preset, source, weight: '1' }]);
  };
  const locked = Boolean(scheme?.lockedAt);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const input = saveInput(studyId, kind, scheme?.version, values);
    const parsed = schemeSaveInput.safeParse(input);
    if (!parsed.success) {
      setProblems([...new Set(parsed.error.issues.map((i) => i.message))]);
      return;
    }
    save.mutate(input);
  };

  return (
    <form className="grid gap-5" noValidate onSubmit={submit} aria-label={t('form.title')}>
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField id="rz-method" label={t('form.method')}>
          <NativeSelect value={values.method} onChange={(e) => set('method', e.target.value as SchemeValues['method'])} disabled={locked}>
            <option value="blocks">{t('method.blocks')}</option>
            <option value="minimization">{t('method.minimization')}</option>
          </NativeSelect>
        </FormField>
        <FormField id="rz-enrollment" label={t('form.plannedEnrollment')}>
          <Input type="number" min={1} value={values.plannedEnrollment} onChange={(e) => set('plannedEnrollment', e.target.value)} disabled={locked} />
        </FormField>
        <FormField id="rz-margin" label={t('form.margin')} hint={t('form.marginHint')}>
          <Input type="number" min={0} max={200} value={values.marginPercent} onChange={(e) => set('marginPercent', e.target.value)} disabled={locked} />
        </FormField>
      </div>

      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">{t('form.arms')}</legend>
        <p className="text-xs text-muted-foreground">{t('form.armsHint')}</p>
        {data.arms.length === 0 && <p className="text-sm">{t('form.noArms')}</p>}
        {data.arms.map((arm) => (
          <div key={arm.id} className="flex items-center gap-3">
            <Label htmlFor={`rz-ratio-${arm.id}`} className="w-48 truncate">
              <span className="font-mono">{arm.code}</span> {arm.name}
            </Label>
            <Input
              id={`rz-ratio-${arm.id}`}
              className="w-24"
              type="number"
              min={1}
              max={20}
              aria-label={t('form.ratioOf', { arm: arm.code })}
              value={values.ratios[arm.id] ?? ''}
              onChange={(e) => set('ratios', { ...values.ratios, [arm.id]: e.target.value })}
              disabled={locked}
            />
          </div>
        ))}
      </fieldset>

      <fieldset className="grid gap-3">
        <legend className="mb-1 text-sm font-medium">{t('form.factors')}</legend>
        {values.factors.length === 0 && <p className="text-xs text-muted-foreground">{t('form.noFactors')}</p>}
        {values.factors.map((f, i) => (
          <div key={i} className="grid gap-2 rounded-md border border-border p-3 sm:grid-cols-[8rem_10rem_1fr_5rem_auto]" data-testid="rz-factor">
            <FormField id={`rz-factor-key-${i}`} label={t('factor.key')}>
              <Input value={f.key} onChange={(e) => setFactor(i, { key: e.target.value })} disabled={locked || f.source !== 'subject'} />
            </FormField>
            <FormField id={`rz-factor-label-${i}`} label={t('factor.label')}>
              <Input value={f.label} onChange={(e) => setFactor(i, { label: e.target.value })} disabled={locked} />
            </FormField>
            <FormField id={`rz-factor-levels-${i}`} label={t('factor.levels')} hint={t('factor.levelsHint')}>
              <Input value={f.levels} onChange={(e) => setFactor(i, { levels: e.target.value })} disabled={locked} />
            </FormField>
            <FormField id={`rz-factor-weight-${i}`} label={t('factor.weight')}>
              <Input type="number" step="0.1" min={0.1} max={10} value={f.weight} onChange={(e) => setFactor(i, { weight: e.target.value })} disabled={locked} />
            </FormField>
            <Button type="button" variant="outline" size="sm" className="self-end" onClick={() => set('factors', values.factors.filter((_, j) => j !== i))} disabled={locked}>
              {t('factor.remove')}
            </Button>
          </div>
        ))}
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" size="sm" onClick={() => addFactor('site')} disabled={locked || values.factors.some((f) => f.source === 'site')}>
            {t('factor.addSite')}
          </Button>
          <Button type="button" variant="outline" size="sm" onClick={() => addFactor('country')} disabled={locked || values.factors.some((f) => f.source === 'country')}>
            {t('factor.addCountry')}
          </Button>
          <Button type="button" variant="outline" size="sm" onClick={() => addFactor('subject')} disabled={locked}>
            {t('factor.addSubject')}
          </Button>
        </div>
      </fieldset>

      {values.method === 'blocks' ? (
        <FormField id="rz-block-sizes" label={t('form.blockSizes')} hint={t('form.blockSizesHint')}>
          <Input value={values.blockSizes} onChange={(e) => set('blockSizes', e.target.value)} disabled={locked} />
        </FormField>
      ) : (
        <div className="grid gap-4 sm:grid-cols-3">
          <FormField id="rz-measure" label={t('form.measure')}>
            <NativeSelect value={values.measure} onChange={(e) => set('measure', e.target.value as SchemeValues['measure'])} disabled={locked}>
              <option value="range">{t('measure.range')}</option>
              <option value="variance">{t('measure.variance')}</option>
            </NativeSelect>
          </FormField>
          <FormField id="rz-probability" label={t('form.probability')} hint={t('form.probabilityHint')}>
            <Input type="number" step="0.05" min={0.5} max={1} value={values.probability} onChange={(e) => set('probability', e.target.value)} disabled={locked} />
          </FormField>
          <FormField id="rz-initial" label={t('form.initialRandom')}>
            <Input type="number" min={0} value={values.initialRandom} onChange={(e) => set('initialRandom', e.target.value)} disabled={locked} />
          </FormField>
        </div>
      )}

      <FormField id="rz-reason" label={t('form.reason')}>
        <Input value={values.reason} onChange={(e) => set('reason', e.target.value)} disabled={locked} />
      </FormField>
      {problems.length > 0 && (
        <ul role="alert" className="grid gap-1 text-sm text-destructive" data-testid="rz-problems">
          {problems.map((p) => (
            <li key={p}>{translateValidation(t, p)}</li>
          ))}
        </ul>
      )}
      <div>
        <Button type="submit" disabled={locked || save.isPending}>
          {t('form.save')}
        </Button>
      </div>
    </form>
  );
}
