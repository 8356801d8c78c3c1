// CTMS Reports tab: the portfolio figures computed by trials.reports, each with its formula and the
// counts it was computed from (null when its denominator is zero: shown as not enough data).
import { useTranslation } from 'react-i18next';
import { trpc } from '@/lib/trpc';
import { formatMoney, formatNumber } from '@/lib/format';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ErrorState } from '@/components/ui/states';
import { countedText } from '@/lib/counted-text';

const MONEY_FIGURES = ['budgetUtilisation', 'costPerPatient'];

export function PortfolioReportsTab() {
  const { t } = useTranslation('ctms');
  const reports = trpc.trials.reports.useQuery();
  if (reports.isPending) {
    return (
      <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: 7 }, (_, i) => (
          <Skeleton key={i} className="h-32" />
        ))}
      </div>
    );
  }
  if (reports.error) return <ErrorState message={reports.error.message} />;
  const r = reports.data;
  const b = r.basis;
  // Money figures exist only within one currency (null when the trials use several).
  const currency = r.currency ?? 'USD';
  const money = (n: number | null) => (n === null ? '—' : formatMoney(n, currency));
  const figures = [
    {
      key: 'enrollmentRate',
      value: r.enrollmentRate,
      show: (v: number) => `${formatNumber(v, 1)}%`,
      basis: { enrolled: formatNumber(b.enrolledSubjects), target: formatNumber(b.targetEnrollment) },
    },
    {
      key: 'siteActivation',
      value: r.siteActivation,
      show: (v: number) => `${formatNumber(v, 1)}%`,
      basis: { active: formatNumber(b.activeStudySites), total: formatNumber(b.studySites) },
    },
    {
      key: 'budgetUtilisation',
      value: r.budgetUtilisation,
      show: (v: number) => `${formatNumber(v, 1)}%`,
      basis: { spent: money(b.spent), total: money(b.budgetTotal) },
    },
    {
      key: 'averageEnrollmentTime',
      value: r.averageEnrollmentTimeMonths,
      show: (v: number) => t('reports.months', { count: v, value: formatNumber(v, 1) }),
      basis: { trials: formatNumber(b.trialsMeasuredForEnrollmentTime) },
    },
    {
      key: 'siteActivationTime',
      value: r.siteActivationTimeWeeks,
      show: (v: number) => t('reports.weeks', { count: v, value: formatNumber(v, 1) }),
      basis: { sites: formatNumber(b.activatedStudySites) },
    },
    {
      key: 'costPerPatient',
      value: r.costPerPatient,
      show: (v: number) => money(v),
      basis: { spent: money(b.spent), enrolled: formatNumber(b.enrolledSubjects) },
    },
    {
      key: 'protocolDeviations',
      value: r.protocolDeviationRate,
      show: (v: number) => `${formatNumber(v, 1)}%`,
      basis: { deviations: b.deviations, enrolled: b.enrolledSubjects },
    },
  ];
  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        {t('reports.scope', { count: b.trials })}
        {r.currency ? '' : ` ${t('reports.mixedCurrencies')}`}
      </p>
      <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
        {figures.map((f) => (
          <Card key={f.key} data-testid={`report-${f.key}`}>
            <CardContent className="grid gap-1 pt-5">
              <div className="text-sm font-medium text-muted-foreground">{t(`reports.${f.key}.label`)}</div>
              <div className="text-3xl font-bold" data-testid="report-value">
                {f.value !== null
                  ? f.show(f.value)
                  : !r.currency && MONEY_FIGURES.includes(f.key)
                    ? t('reports.severalCurrencies')
                    : t('reports.notEnoughData')}
              </div>
              <p className="text-xs text-muted-foreground">{t(`reports.${f.key}.formula`)}</p>
              <p className="text-xs text-slate-600">{countedText(t, `reports.${f.key}.basis`, f.basis)}</p>
            </CardContent>
          </Card>
        ))}
      </div>
    </div>
  );
}
