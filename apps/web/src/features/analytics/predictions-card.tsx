// Predictions over the user's recruiting studies: each study's forecast completion and its chance of
// reaching the target by the plan's end, those most at risk first.
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { formatDate, formatFigure, formatNumber } from '@/lib/format';
import { trpc } from '@/lib/trpc';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ErrorState } from '@/components/ui/states';

export function PredictionsCard() {
  const { t } = useTranslation('analytics');
  const predictions = trpc.analytics.predictions.useQuery();
  const data = predictions.data;
  const date = (d: string | null) => (d ? formatDate(d) : t('state.beyondHorizon'));
  return (
    <Card data-testid="predictions">
      <CardHeader>
        <CardTitle>{t('predictions.title')}</CardTitle>
        <CardDescription>{t('predictions.description', { runs: formatNumber(data?.runs ?? 0) })}</CardDescription>
      </CardHeader>
      <CardContent>
        {predictions.error ? (
          <ErrorState message={predictions.error.message} />
        ) : !data ? (
          <div className="grid gap-3" aria-busy="true">
            {Array.from({ length: 3 }, (_, i) => (
              <Skeleton key={i} className="h-14" />
            ))}
          </div>
        ) : data.items.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('predictions.empty')}</p>
        ) : (
          <ul className="grid gap-3">
            {data.items.map((p) => {
              const level = p.probabilityByPlanEnd === null ? 'bg-slate-400' : p.probabilityByPlanEnd < 0.5 ? 'bg-red-500' : p.probabilityByPlanEnd < 0.8 ? 'bg-orange-500' : 'bg-green-500';
              return (
                <li key={p.studyId} className="flex gap-3" data-testid="prediction" data-study-id={p.studyId}>
                  <span className={`mt-1.5 h-2 w-2 shrink-0 rounded-full ${level}`} aria-hidden />
                  <div className="min-w-0 text-sm">
                    <Link to={`/analytics?study=${p.studyId}`} className="font-medium text-primary hover:underline">
                      {p.code}
                    </Link>{' '}
                    <span className="text-muted-foreground">
                      {formatNumber(p.enrolled)} / {formatNumber(p.target)}
                    </span>
                    <div>
                      {p.state === 'complete'
                        ? t('predictions.complete')
                        : p.state === 'no-enrollments' || !p.completion
                          ? t('predictions.noEnrollments')
                          : p.planEnd && p.probabilityByPlanEnd !== null
                            ? t('predictions.probability', { value: formatFigure(Math.round(p.probabilityByPlanEnd * 1000) / 10), date: formatDate(p.planEnd) })
                            : t('predictions.noPlan')}
                    </div>
                    {p.completion && (
                      <div className="text-xs text-muted-foreground">
                        {t('predictions.median', {
                          date: date(p.completion.p50),
                          months: p.monthsToCompletion === null ? '—' : formatFigure(p.monthsToCompletion),
                          from: date(p.completion.p10),
                          to: date(p.completion.p90),
                        })}
                      </div>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
        {data && data.total > data.items.length && <p className="mt-3 text-xs text-muted-foreground">{t('predictions.more', { shown: data.items.length, total: data.total })}</p>}
      </CardContent>
    </Card>
  );
}
