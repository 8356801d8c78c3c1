// The three regulations with their computed status, the audit trail's completeness (figure and bar)
// and the checks behind them. Status names and check texts are the dashboard card's translations.
import { useTranslation } from 'react-i18next';
import type { ComplianceStatus } from '@ctp/contracts';
import { formatFigure } from '@/lib/format';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Badge } from '@/components/ui/badge';
import { Progress } from '@/components/ui/progress';
import { PassIcon } from './pass-icon';
import { countedText } from '@/lib/counted-text';

const TONE = { compliant: 'success', attention: 'warning', 'non-compliant': 'danger' } as const;

export function StatusCard({ status }: { status: ComplianceStatus }) {
  const { t } = useTranslation(['compliance', 'dashboard']);
  const rows = [
    { key: 'cfr21Part11', label: t('dashboard:compliance.cfr'), state: status.cfr21Part11 },
    { key: 'gcpGuidelines', label: t('dashboard:compliance.gcp'), state: status.gcpGuidelines },
    { key: 'gdpr', label: t('dashboard:compliance.gdpr'), state: status.gdpr },
  ];
  const completeness = status.auditTrailCompleteness ?? 100;
  return (
    <Card data-testid="compliance-status">
      <CardHeader>
        <CardTitle>{t('status.title')}</CardTitle>
        <CardDescription data-testid="compliance-status-caption">{t('dashboard:compliance.caption')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        {rows.map((r) => (
          <div key={r.key} className="flex items-center justify-between" data-testid="regulation-status" data-state={r.state}>
            <span>{r.label}</span>
            <Badge tone={TONE[r.state]}>{t(`dashboard:compliance.status.${r.state}`)}</Badge>
          </div>
        ))}
        <div className="grid gap-1.5">
          <div className="flex items-center justify-between">
            <span>{t('dashboard:compliance.auditTrail')}</span>
            <span className="font-semibold" data-testid="audit-completeness">
              {formatFigure(completeness)}%
            </span>
          </div>
          <Progress value={completeness} aria-label={t('dashboard:compliance.auditTrail')} indicatorClassName={completeness === 100 ? 'bg-green-600' : 'bg-orange-500'} />
        </div>
        <ul className="mt-1 grid gap-1.5 text-xs text-muted-foreground" aria-label={t('dashboard:compliance.checks')}>
          {status.checks.map((c, i) => (
            <li key={i} className="flex gap-2" data-testid="compliance-check" data-passed={c.passed}>
              <PassIcon passed={c.passed} />
              <span>
                {c.regulation}: {countedText(t, `dashboard:compliance.checkTexts.${c.code}`, c.params, c.check)}
                {c.clauses.length > 0 && (
                  <span className="block text-[11px] opacity-80" data-testid="compliance-clauses">
                    {t('dashboard:compliance.clauses')}: {c.clauses.join(', ')}
                  </span>
                )}
              </span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
