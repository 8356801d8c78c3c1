// The four figures at the top of the screen, each computed by the server and shown with its formula:
// data quality (the dashboard's formula over the study), compliance (checks passed), the forecast's median
// time to full enrollment and the three best site performance scores.
import { useTranslation } from 'react-i18next';
import { Activity, CalendarClock, ShieldCheck, Trophy, type LucideIcon } from 'lucide-react';
import { formatDate, formatFigure } from '@/lib/format';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import type { AnalyticsOverview, StudyForecast, StudyRisk } from './types';

function Tile({ icon: Icon, label, testId, loading, children, formula }: { icon: LucideIcon; label: string; testId: string; loading: boolean; children: React.ReactNode; formula: React.ReactNode }) {
  return (
    <Card data-testid={testId}>
      <CardContent className="grid gap-1 pt-5">
        <div className="flex items-center justify-between gap-2">
          <p className="text-sm text-muted-foreground">{label}</p>
          <Icon className="h-6 w-6 shrink-0 text-primary" aria-hidden />
        </div>
        {loading ? <Skeleton className="h-8 w-24" /> : <div className="text-2xl font-bold tabular-nums" data-testid={`${testId}-value`}>{children}</div>}
        {!loading && <p className="text-xs text-muted-foreground">{formula}</p>}
      </CardContent>
    </Card>
  );
}

export function SummaryTiles({ overview, forecast, risk, code }: { overview?: AnalyticsOverview; forecast?: StudyForecast; risk?: StudyRisk; code: string }) {
  const { t } = useTranslation('analytics');
  const months = forecast?.monthsToCompletion;
  const best = risk ? [...risk.sites].filter((s) => s.performance.score !== null).sort((a, b) => b.performance.score! - a.performance.score!).slice(0, 3) : [];
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <Tile icon={Activity} label={t('tiles.dataQuality')} testId="tile-data-quality" loading={!overview} formula={t('tiles.dataQualityFormula', { study: code })}>
        {overview?.dataQuality == null ? t('notEnoughData') : t('percent', { value: formatFigure(overview.dataQuality) })}
      </Tile>
      <Tile
        icon={ShieldCheck}
        label={t('tiles.compliance')}
        testId="tile-compliance"
        loading={!overview}
        formula={overview ? t('tiles.complianceFormula', { passed: overview.compliance.passed, total: overview.compliance.total }) : null}
      >
        {overview?.compliance.score == null ? t('notEnoughData') : t('percent', { value: formatFigure(overview.compliance.score) })}
      </Tile>
      <Tile
        icon={CalendarClock}
        label={t('tiles.months')}
        testId="tile-months"
        loading={!forecast}
        formula={
          months && months.p10 !== null && months.p90 !== null
            ? t('tiles.monthsInterval', { low: formatFigure(months.p10), high: formatFigure(months.p90) })
            : forecast
              ? stateText(t, forecast)
              : null
        }
      >
        {months?.p50 != null ? t('tiles.monthsValue', { count: months.p50, value: formatFigure(months.p50) }) : forecast?.state === 'complete' ? t('tiles.monthsValue', { count: 0, value: formatFigure(0) }) : forecast?.state === 'forecast' ? t('state.beyondHorizon') : t('tiles.monthsNone')}
      </Tile>
      <Tile icon={Trophy} label={t('tiles.sitePerformance')} testId="tile-site-performance" loading={!risk} formula={t('tiles.sitePerformanceFormula')}>
        {best.length ? (
          <ul className="grid gap-0.5 text-base font-semibold">
            {best.map((s) => (
              <li key={s.siteId} className="flex justify-between gap-2" data-testid="site-performance-score">
                <span className="truncate text-sm font-normal text-muted-foreground">{s.siteNumber}</span>
                <span>{formatFigure(s.performance.score!)}</span>
              </li>
            ))}
          </ul>
        ) : (
          t('notEnoughData')
        )}
      </Tile>
    </div>
  );
}

type T = ReturnType<typeof useTranslation<'analytics'>>['t'];

/** Why there is no forecast, in words. */
export function stateText(t: T, forecast: StudyForecast, statusLabel?: string): string {
  if (forecast.state === 'complete') return t('state.complete', { target: forecast.study.target, date: formatDate(forecast.reachedOn) });
  if (forecast.state === 'not-recruiting') return t('state.notRecruiting', { status: statusLabel ?? forecast.study.status });
  if (forecast.state === 'no-enrollments') return t('state.noEnrollments');
  return '';
}
