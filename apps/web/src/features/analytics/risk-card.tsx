// Risk-based monitoring: the sites to look at, ranked by how far their key risk indicators lie beyond
// the study's funnel limits, each with its reasons (which indicator, its value against the study's,
// the z-score and the limit passed).
import { useTranslation } from 'react-i18next';
import { AlertTriangle } from 'lucide-react';
import type { KriResult } from '@ctp/contracts';
import { formatFigure, formatNumber } from '@/lib/format';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { kriValue } from './kri-format';
import type { StudyRisk } from './types';

export function useReason() {
  const { t } = useTranslation('analytics');
  return (k: KriResult) => {
    const unit = t(`kri.${k.code}.unit`);
    const direction = k.z !== null && k.z < 0 ? t('risk.lower') : t('risk.higher');
    return t('risk.reason', {
      indicator: t(`kri.${k.code}.label`),
      value: kriValue(k.code, k.value, unit),
      reference: kriValue(k.code, k.reference, unit),
      z: k.z === null ? '—' : formatNumber(k.z, 2),
      level: t(`risk.level.${k.level}`),
      direction,
    });
  };
}

export function RiskCard({ risk }: { risk: StudyRisk }) {
  const { t } = useTranslation('analytics');
  const reason = useReason();
  return (
    <Card data-testid="risk-sites">
      <CardHeader>
        <CardTitle>{t('risk.title', { code: risk.study.code })}</CardTitle>
        <CardDescription>{t('risk.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {risk.ranked.length === 0 ? (
          <p className="text-sm text-muted-foreground" data-testid="risk-empty">
            {t('risk.empty')}
          </p>
        ) : (
          <ol className="grid gap-3">
            {risk.ranked.map((s, i) => (
              <li key={s.siteId} className="rounded-md border border-border p-3" data-testid="risk-site">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <div className="font-medium">
                    {i + 1}. {s.siteNumber} <span className="font-normal text-muted-foreground">{s.siteName}</span>
                  </div>
                  <Badge tone={s.reasons.some((r) => r.level === 'alert') ? 'danger' : 'warning'}>{t('risk.score', { value: formatFigure(s.riskScore) })}</Badge>
                </div>
                <ul className="mt-2 grid gap-1 text-sm">
                  {s.reasons.map((r) => (
                    <li key={r.code} className="flex gap-2" data-testid="risk-reason">
                      <AlertTriangle className={`mt-0.5 h-4 w-4 shrink-0 ${r.level === 'alert' ? 'text-red-600' : 'text-orange-500'}`} aria-hidden />
                      <span>{reason(r)}</span>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ol>
        )}
        <p className="text-xs text-muted-foreground">
          {t('risk.sitesCompared', { count: risk.sitesCompared })} {t('risk.decision')}
        </p>
      </CardContent>
    </Card>
  );
}
