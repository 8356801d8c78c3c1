// The study's enrollment forecast: where it stands, the median date with its 80 % and 95 % intervals,
// the chance of reaching the target by the plan's end, the chart, and the model in words.
import { useTranslation } from 'react-i18next';
import { formatDate, formatFigure, formatNumber } from '@/lib/format';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ForecastChart } from './forecast-chart';
import { stateText } from './summary-tiles';
import type { StudyForecast } from './types';

export function ForecastCard({ forecast }: { forecast: StudyForecast }) {
  const { t } = useTranslation('analytics');
  const { t: tc } = useTranslation('common');
  const c = forecast.completion;
  const date = (d: string | null) => (d ? formatDate(d) : t('state.beyondHorizon'));
  const m = forecast.model;
  return (
    <Card data-testid="forecast-card">
      <CardHeader>
        <CardTitle>{t('forecast.title', { code: forecast.study.code })}</CardTitle>
        <CardDescription>
          {t('forecast.summary', { enrolled: formatNumber(forecast.enrolled), target: formatNumber(forecast.study.target), remaining: formatNumber(forecast.remaining) })}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {forecast.state !== 'forecast' || !c ? (
          <p role="status" className="rounded-md border border-border bg-slate-50 p-3 text-sm" data-testid="forecast-state">
            {stateText(t, forecast, tc(`status.${forecast.study.status}`, { defaultValue: forecast.study.status }))}
          </p>
        ) : (
          <dl className="grid gap-3 text-sm sm:grid-cols-2 lg:grid-cols-4">
            <div>
              <dt className="text-muted-foreground">{t('forecast.median')}</dt>
              <dd className="text-lg font-semibold" data-testid="forecast-median">{date(c.p50)}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">{t('forecast.interval80')}</dt>
              <dd className="font-medium" data-testid="forecast-interval-80">{t('forecast.range', { from: date(c.p10), to: date(c.p90) })}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">{t('forecast.interval95')}</dt>
              <dd className="font-medium" data-testid="forecast-interval-95">{t('forecast.range', { from: date(c.p025), to: date(c.p975) })}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">{forecast.study.planEnd ? t('forecast.byPlanEnd', { date: formatDate(forecast.study.planEnd) }) : t('forecast.noPlanEnd')}</dt>
              {forecast.probabilityByPlanEnd !== null && (
                <dd className="text-lg font-semibold" data-testid="forecast-probability">{t('percent', { value: formatFigure(Math.round(forecast.probabilityByPlanEnd * 1000) / 10) })}</dd>
              )}
            </div>
          </dl>
        )}
        {forecast.pendingWithoutDelay > 0 && <p className="text-sm text-amber-700">{t('forecast.pendingWithoutDelay', { count: forecast.pendingWithoutDelay })}</p>}
        {forecast.series.length > 0 && <ForecastChart forecast={forecast} />}
        {m && (
          <p className="text-xs text-muted-foreground" data-testid="forecast-model">
            {t('forecast.model', {
              method: t(`forecast.method.${m.method}`),
              sites: m.sitesFitted,
              shape: formatFigure(m.priorShape),
              mean: formatFigure(m.priorMeanPerMonth),
              cv: `${formatFigure(Math.round(m.priorCv * 100))} %`,
              runs: formatNumber(forecast.runs),
              seed: m.seed,
            })}
          </p>
        )}
        <p className="text-xs text-muted-foreground">{t('forecast.caveat')}</p>
      </CardContent>
    </Card>
  );
}
