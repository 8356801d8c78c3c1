// The Reports figures of the spec for the chosen study (the CTMS Reports formulas over one study), each with
// its formula and the counts it was computed from; a figure whose denominator is zero reads 'Not enough data'.
import { useTranslation } from 'react-i18next';
import { formatMoney, formatNumber } from '@/lib/format';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import type { AnalyticsOverview } from './types';
import { countedText } from '@/lib/counted-text';

type Reports = NonNullable<AnalyticsOverview['reports']>;

export function ReportsFigures({ reports, code }: { reports: Reports; code: string }) {
  const { t } = useTranslation('analytics');
  const b = reports.basis;
  const currency = reports.currency ?? 'USD';
  const money = (n: number | null) => (n === null ? '—' : formatMoney(n, currency));
  const pct = (v: number) => `${formatNumber(v, 1)}%`;
  const figures = [
    { key: 'enrollmentRate', value: reports.enrollmentRate, show: pct, basis: { enrolled: formatNumber(b.enrolledSubjects), target: formatNumber(b.targetEnrollment) } },
    { key: 'siteActivation', value: reports.siteActivation, show: pct, basis: { active: formatNumber(b.activeStudySites), total: formatNumber(b.studySites) } },
    { key: 'budgetUtilisation', value: reports.budgetUtilisation, show: pct, basis: { spent: money(b.spent), total: money(b.budgetTotal) } },
    { key: 'averageEnrollmentTime', value: reports.averageEnrollmentTimeMonths, show: (v: number) => t('reports.months', { count: v, value: formatNumber(v, 1) }), basis: { trials: formatNumber(b.trialsMeasuredForEnrollmentTime) } },
    { key: 'siteActivationTime', value: reports.siteActivationTimeWeeks, show: (v: number) => t('reports.weeks', { count: v, value: formatNumber(v, 1) }), basis: { sites: formatNumber(b.activatedStudySites) } },
    { key: 'costPerPatient', value: reports.costPerPatient, show: (v: number) => money(v), basis: { spent: money(b.spent), enrolled: formatNumber(b.enrolledSubjects) } },
    { key: 'protocolDeviations', value: reports.protocolDeviationRate, show: pct, basis: { deviations: b.deviations, enrolled: b.enrolledSubjects } },
  ];
  return (
    <Card data-testid="analytics-reports">
      <CardHeader>
        <CardTitle>{t('reports.title', { code })}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {figures.map((f) => (
          <div key={f.key} className="grid content-start gap-1 rounded-md border border-border p-3" data-testid={`analytics-report-${f.key}`}>
            <div className="text-sm text-muted-foreground">{t(`reports.${f.key}.label`)}</div>
            <div className="text-xl font-bold tabular-nums">{f.value === null ? t('notEnoughData') : f.show(f.value)}</div>
            <p className="text-xs text-muted-foreground">{t(`reports.${f.key}.formula`)}</p>
            <p className="text-xs text-slate-600">{countedText(t, `reports.${f.key}.basis`, f.basis)}</p>
          </div>
        ))}
      </CardContent>
    </Card>
  );
}
