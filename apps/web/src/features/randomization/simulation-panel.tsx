// Run a simulation of the saved scheme: number of trials and each factor's expected level shares;
// the newest report is shown, earlier ones can be picked.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SchemeKind } from '@ctp/contracts';
import { trpc } from '@/lib/trpc';
import { Button } from '@/components/ui/button';
import { Input, NativeSelect } from '@/components/ui/input';
import { FormField } from '@/components/form-field';
import { formatDateTime } from '@/lib/format';
import { serverError } from '@/lib/server-error';
import { translateValidation } from '@/lib/validation-messages';
import { SimulationReport } from './simulation-report';
import { splitList, type SchemeData } from './use-randomization';

export function SimulationPanel({ studyId, kind, scheme }: { studyId: number; kind: SchemeKind; scheme: SchemeData }) {
  const { t } = useTranslation('randomization');
  const [trials, setTrials] = useState('1000');
  const [shares, setShares] = useState<Record<string, string>>({});
  const [picked, setPicked] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const utils = trpc.useUtils();
  const list = trpc.randomization.simulations.useQuery({ studyId, kind });
  const run = trpc.randomization.simulate.useMutation({
    onSuccess: async (sim) => {
      setProblem(null);
      setPicked(sim.id);
      await utils.randomization.simulations.invalidate({ studyId, kind });
    },
    onError: (error) => setProblem(serverError(error).message),
  });
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const proportions = scheme.factors
      .filter((f) => (shares[f.key] ?? '').trim() !== '')
      .map((f) => ({ factor: f.key, shares: splitList(shares[f.key]!).map(Number) }));
    run.mutate({ studyId, kind, trials: Number(trials), proportions });
  };
  const reports = list.data ?? [];
  const shown = reports.find((r) => r.id === picked) ?? reports[0];
  return (
    <div className="grid gap-4">
      <form className="grid gap-3" noValidate onSubmit={submit} aria-label={t('simulation.title')}>
        <div className="grid gap-3 sm:grid-cols-3">
          <FormField id="rz-trials" label={t('simulation.trials')} hint={t('simulation.trialsHint')}>
            <Input type="number" min={1} max={10000} value={trials} onChange={(e) => setTrials(e.target.value)} />
          </FormField>
          {scheme.factors.map((f) => (
            <FormField key={f.key} id={`rz-shares-${f.key}`} label={t('simulation.shares', { factor: f.label })} hint={f.levels.join(', ')}>
              <Input placeholder={f.levels.map(() => '1').join(', ')} value={shares[f.key] ?? ''} onChange={(e) => setShares({ ...shares, [f.key]: e.target.value })} />
            </FormField>
          ))}
        </div>
        {problem && (
          <p role="alert" className="text-sm text-destructive">
            {translateValidation(t, problem)}
          </p>
        )}
        <div>
          <Button type="submit" disabled={run.isPending}>
            {run.isPending ? t('simulation.running') : t('simulation.run')}
          </Button>
        </div>
      </form>
      {reports.length > 1 && (
        <FormField id="rz-report-pick" label={t('simulation.reports')}>
          <NativeSelect value={shown?.id ?? ''} onChange={(e) => setPicked(Number(e.target.value))}>
            {reports.map((r) => (
              <option key={r.id} value={r.id}>
                {formatDateTime(r.createdAt)} · {r.trials} × {r.enrollment}
                {r.schemeHash !== scheme.contentHash ? ` · ${t('simulation.olderScheme')}` : ''}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      )}
      {shown ? <SimulationReport simulation={shown} /> : <p className="text-sm text-muted-foreground">{t('simulation.none')}</p>}
    </div>
  );
}
