// The forecast per site: enrolled against the site's target, its estimated rate with a 95 % interval,
// when it reaches its own target, and its expected share of the subjects the study still needs.
import { useTranslation } from 'react-i18next';
import { formatDate, formatFigure, formatNumber } from '@/lib/format';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { StatusBadge } from '@/components/ui/status-badge';
import type { StudyForecast } from './types';

export function SiteForecastTable({ forecast }: { forecast: StudyForecast }) {
  const { t } = useTranslation('analytics');
  const date = (d: string | null) => (d ? formatDate(d) : t('state.beyondHorizon'));
  return (
    <Card data-testid="site-forecast">
      <CardHeader>
        <CardTitle>{t('sites.title')}</CardTitle>
        <CardDescription>{t('sites.formula')}</CardDescription>
      </CardHeader>
      <CardContent className="overflow-x-auto">
        {forecast.sites.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('sites.empty')}</p>
        ) : (
          <table className="w-full text-sm">
            <thead className="text-left text-xs uppercase text-muted-foreground">
              <tr>
                <th className="py-2 pr-3 font-medium">{t('sites.site')}</th>
                <th className="py-2 pr-3 font-medium">{t('sites.status')}</th>
                <th className="py-2 pr-3 text-right font-medium">{t('sites.enrolled')}</th>
                <th className="py-2 pr-3 text-right font-medium">{t('sites.rate')}</th>
                <th className="py-2 pr-3 font-medium">{t('sites.targetDate')}</th>
                <th className="py-2 text-right font-medium">{t('sites.additional')}</th>
              </tr>
            </thead>
            <tbody>
              {forecast.sites.map((s) => (
                <tr key={s.siteId} className="border-t border-border" data-testid="site-forecast-row">
                  <td className="py-2 pr-3">
                    <div className="font-medium">{s.siteNumber}</div>
                    <div className="text-xs text-muted-foreground">{s.siteName}</div>
                  </td>
                  <td className="py-2 pr-3">
                    <StatusBadge status={s.status} />
                  </td>
                  <td className="py-2 pr-3 text-right tabular-nums">
                    {formatNumber(s.enrolled)} / {formatNumber(s.target)}
                  </td>
                  <td className="py-2 pr-3 text-right tabular-nums">
                    {s.ratePerMonth ? `${formatFigure(s.ratePerMonth.mean)} (${formatFigure(s.ratePerMonth.p025)}–${formatFigure(s.ratePerMonth.p975)})` : '—'}
                  </td>
                  <td className="py-2 pr-3">
                    {s.targetReached
                      ? t('sites.reached')
                      : s.targetDate
                        ? `${date(s.targetDate.p50)} (${date(s.targetDate.p10)} – ${date(s.targetDate.p90)})`
                        : s.ratePerMonth
                          ? '—'
                          : t('sites.closed')}
                  </td>
                  <td className="py-2 text-right tabular-nums">{s.expectedAdditional !== null ? formatFigure(s.expectedAdditional) : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </CardContent>
    </Card>
  );
}
