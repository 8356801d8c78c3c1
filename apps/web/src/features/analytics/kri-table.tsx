// Every site's key risk indicators: its value, the z-score against the study's sites (coloured beyond the
// 95 % and 99.8 % limits), its performance score, and each indicator's formula and the statistics used.
import { useTranslation } from 'react-i18next';
import { formatFigure, formatNumber } from '@/lib/format';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { kriValue } from './kri-format';
import type { StudyRisk } from './types';

const LEVEL_CLASS: Record<string, string> = {
  alert: 'bg-red-50 text-red-700',
  warning: 'bg-orange-50 text-orange-700',
  within: '',
  'no-data': 'text-muted-foreground',
};

export function KriTable({ risk }: { risk: StudyRisk }) {
  const { t } = useTranslation('analytics');
  return (
    <Card data-testid="kri-table">
      <CardHeader>
        <CardTitle>{t('risk.tableTitle')}</CardTitle>
        <CardDescription>{t('risk.statistics')}</CardDescription>
      </CardHeader>
      <CardContent className="overflow-x-auto">
        {risk.sites.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('sites.empty')}</p>
        ) : (
          <table className="w-full text-sm">
            <thead className="text-left align-bottom text-xs text-muted-foreground">
              <tr>
                <th className="py-2 pr-3 font-medium">{t('sites.site')}</th>
                {risk.indicators.map((k) => (
                  <th key={k.code} className="py-2 pr-3 font-medium" title={t(`kri.${k.code}.formula`)}>
                    <div>{t(`kri.${k.code}.label`)}</div>
                    <div className="font-normal">
                      {kriValue(k.code, k.reference, t(`kri.${k.code}.unit`))}
                      {k.phi > 1 ? ` · ${t('risk.phi', { value: formatFigure(k.phi) })}` : ''}
                    </div>
                  </th>
                ))}
                <th className="py-2 text-right font-medium">{t('risk.performance')}</th>
              </tr>
            </thead>
            <tbody>
              {risk.sites.map((s) => (
                <tr key={s.siteId} className="border-t border-border" data-testid="kri-row">
                  <td className="py-2 pr-3 font-medium">{s.siteNumber}</td>
                  {s.kris.map((k) => (
                    <td key={k.code} className={`py-2 pr-3 tabular-nums ${LEVEL_CLASS[k.level] ?? ''}`} data-level={k.level}>
                      <div>{kriValue(k.code, k.value, t(`kri.${k.code}.unit`))}</div>
                      <div className="text-xs opacity-80">{k.z === null ? '—' : `z ${formatNumber(k.z, 2)}`}</div>
                    </td>
                  ))}
                  <td className="py-2 text-right font-semibold tabular-nums">{s.performance.score === null ? '—' : formatFigure(s.performance.score)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <ul className="mt-4 grid gap-1 text-xs text-muted-foreground sm:grid-cols-2">
          {risk.indicators.map((k) => (
            <li key={k.code}>
              <span className="font-medium text-foreground">{t(`kri.${k.code}.label`)}:</span> {t(`kri.${k.code}.formula`)}
            </li>
          ))}
          <li>
            <span className="font-medium text-foreground">{t('risk.performance')}:</span> {t('risk.performanceFormula')}
          </li>
        </ul>
      </CardContent>
    </Card>
  );
}
