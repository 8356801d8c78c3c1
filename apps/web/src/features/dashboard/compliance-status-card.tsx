import { useTranslation } from 'react-i18next';
import { CheckCircle2, AlertTriangle, XCircle } from 'lucide-react';
import { trpc } from '@/lib/trpc';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Badge } from '@/components/ui/badge';
import { countedText } from '@/lib/counted-text';

// The status shown is the computed one (the spec's demo always printed 'Compliant'); the checks
// behind it are listed so a reviewer can see the evidence.
const TONE = { compliant: 'success', attention: 'warning', 'non-compliant': 'danger' } as const;
const ICON = { compliant: CheckCircle2, attention: AlertTriangle, 'non-compliant': XCircle } as const;

export function ComplianceStatusCard() {
  const { t } = useTranslation('dashboard');
  const q = trpc.dashboard.complianceStatus.useQuery();
  if (q.isPending) return <Skeleton className="h-48" />;
  if (!q.data) return null;
  const rows = [
    { label: t('compliance.cfr'), status: q.data.cfr21Part11 },
    { label: t('compliance.gcp'), status: q.data.gcpGuidelines },
    { label: t('compliance.gdpr'), status: q.data.gdpr },
  ];
  return (
    <Card data-testid="compliance-status">
      <CardHeader>
        <CardTitle>{t('compliance.title')}</CardTitle>
        <CardDescription data-testid="compliance-status-caption">{t('compliance.caption')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        {rows.map((r) => {
          const Icon = ICON[r.status];
          return (
            <div key={r.label} className="flex items-center justify-between">
              <span className="flex items-center gap-2">
                <Icon className="h-4 w-4" aria-hidden /> {r.label}
              </span>
              <Badge tone={TONE[r.status]}>{t(`compliance.status.${r.status}`)}</Badge>
            </div>
          );
        })}
        <div className="flex items-center justify-between">
          <span>{t('compliance.auditTrail')}</span>
          <Badge
            tone={q.data.auditTrailCompleteness === 100 ? 'success' : 'warning'}
            data-testid="audit-completeness"
          >
            {q.data.auditTrailCompleteness}%
          </Badge>
        </div>
        <details className="text-xs text-muted-foreground">
          <summary className="cursor-pointer">{t('compliance.checks')}</summary>
          <ul className="mt-2 grid gap-1">
            {q.data.checks.map((c, i) => (
              <li key={i} className="flex gap-1">
                <span aria-hidden>{c.passed ? '✓' : '✗'}</span> {c.regulation}:{' '}
                {countedText(t, `compliance.checkTexts.${c.code}`, c.params, c.check)}
              </li>
            ))}
          </ul>
        </details>
      </CardContent>
    </Card>
  );
}
