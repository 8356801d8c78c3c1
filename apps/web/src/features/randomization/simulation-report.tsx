// A simulation report: the figures (imbalance percentiles, largest imbalance, predictability, time),
// the histogram of the final total imbalance, per factor level (mean and 95th percentile) as a chart,
// and per stratum as a table.
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDateTime, formatNumber } from '@/lib/format';
import type { SimulationData } from './use-randomization';

export function SimulationReport({ simulation }: { simulation: SimulationData }) {
  const { t } = useTranslation('randomization');
  const r = simulation.report;
  const figures: [string, string][] = [
    [t('report.trials'), formatNumber(r.trials)],
    [t('report.enrollment'), formatNumber(r.enrollment)],
    [t('report.median'), formatNumber(r.total.p50, 1)],
    [t('report.p95'), formatNumber(r.total.p95, 1)],
    [t('report.largestFinal'), formatNumber(r.largestImbalance.final, 1)],
    [t('report.largestDuring'), formatNumber(r.largestImbalance.duringTrial, 1)],
    [t('report.predictability'), `${formatNumber(r.predictability.mean * 100, 1)} %`],
    [t('report.duration'), t('report.seconds', { seconds: formatNumber(simulation.durationMs / 1000, 2) })],
  ];
  const levels = r.factorLevels.map((l) => ({ name: `${l.factor}=${l.level}`, mean: l.mean, p95: l.p95 }));
  return (
    <section className="grid gap-4" data-testid="rz-report" aria-label={t('report.title')}>
      <p className="text-xs text-muted-foreground">
        {t('report.ranAt', { at: formatDateTime(simulation.createdAt) })} · {t('report.seed')} <span className="font-mono">{simulation.seed.slice(0, 16)}…</span> ·{' '}
        {t('report.schemeHash')} <span className="font-mono">{simulation.schemeHash.slice(0, 12)}</span>
      </p>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {figures.map(([label, value]) => (
          <div key={label} className="rounded-md border border-border p-2">
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd className="text-lg font-semibold" data-testid="rz-figure">
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <p className="text-xs text-muted-foreground">{t('report.imbalanceHelp')}</p>
      <figure className="h-64 w-full" data-testid="rz-histogram" aria-label={t('report.histogram')}>
        <figcaption className="text-sm font-medium">{t('report.histogram')}</figcaption>
        <ResponsiveContainer width="100%" height="90%">
          <BarChart data={r.histogram} margin={{ top: 10, right: 20, bottom: 0, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
            <XAxis dataKey="imbalance" fontSize={12} />
            <YAxis allowDecimals={false} fontSize={12} width={40} />
            <Tooltip formatter={(v) => [formatNumber(Number(v)), t('report.trialsAxis')]} labelFormatter={(l) => t('report.imbalanceOf', { value: l })} />
            <Bar dataKey="trials" fill="#3b82f6" isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </figure>
      {levels.length > 0 && (
        <figure className="h-64 w-full" data-testid="rz-levels-chart" aria-label={t('report.perLevel')}>
          <figcaption className="text-sm font-medium">{t('report.perLevel')}</figcaption>
          <ResponsiveContainer width="100%" height="90%">
            <BarChart data={levels} margin={{ top: 10, right: 20, bottom: 0, left: 0 }}>
              <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
              <XAxis dataKey="name" fontSize={11} />
              <YAxis fontSize={12} width={40} />
              <Tooltip />
              <Legend formatter={(v: string) => (v === 'mean' ? t('report.mean') : t('report.p95'))} />
              <Bar dataKey="mean" fill="#93c5fd" isAnimationActive={false} />
              <Bar dataKey="p95" fill="#1d4ed8" isAnimationActive={false} />
            </BarChart>
          </ResponsiveContainer>
        </figure>
      )}
      <table className="w-full text-sm" data-testid="rz-strata">
        <caption className="text-left text-sm font-medium">{t('report.perStratum')}</caption>
        <thead>
          <tr className="text-left text-xs text-muted-foreground">
            <th className="py-1">{t('report.stratum')}</th>
            <th>{t('report.mean')}</th>
            <th>{t('report.p95')}</th>
            <th>{t('report.max')}</th>
          </tr>
        </thead>
        <tbody>
          {r.strata.map((s) => (
            <tr key={s.stratum} className="border-t border-border">
              <td className="py-1 font-mono text-xs">{s.stratum === '*' ? t('report.allSubjects') : s.stratum}</td>
              <td>{formatNumber(s.mean, 2)}</td>
              <td>{formatNumber(s.p95, 1)}</td>
              <td>{formatNumber(s.max, 1)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
