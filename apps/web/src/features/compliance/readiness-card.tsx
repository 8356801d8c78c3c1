// Audit readiness: the percent of named checks passed (computed by the server), each check with its
// result and count in the reader's language, and the formula.
import { useTranslation } from 'react-i18next';
import type { RouterOutputs } from '@/lib/trpc';
import { formatNumber } from '@/lib/format';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { PassIcon } from './pass-icon';

type Readiness = RouterOutputs['compliance']['overview']['readiness'];

export function ReadinessCard({ readiness }: { readiness: Readiness }) {
  const { t } = useTranslation('compliance');
  const passed = readiness.checks.filter((c) => c.passed).length;
  const label = (c: Readiness['checks'][number]) =>
    c.code === 'auditChain'
      ? t(c.passed ? 'readiness.checks.auditChainPassed' : 'readiness.checks.auditChainFailed')
      : t(`readiness.checks.${c.code}`, { count: c.count, defaultValue: c.label });
  return (
    <Card data-testid="audit-readiness">
      <CardHeader>
        <CardTitle>{t('readiness.title')}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <div className="flex items-baseline gap-2">
          <span className="text-4xl font-bold" data-testid="audit-readiness-value">
            {formatNumber(readiness.percent)}%
          </span>
          <span className="text-xs text-muted-foreground">{t('readiness.passedOf', { passed, total: readiness.checks.length })}</span>
        </div>
        <Progress value={readiness.percent} aria-label={t('readiness.title')} indicatorClassName={readiness.percent === 100 ? 'bg-green-600' : 'bg-orange-500'} />
        <ul className="grid gap-1.5">
          {readiness.checks.map((c) => (
            <li key={c.code} className="flex gap-2" data-testid="readiness-check" data-code={c.code} data-passed={c.passed}>
              <PassIcon passed={c.passed} />
              <span>{label(c)}</span>
            </li>
          ))}
        </ul>
        <p className="text-xs text-muted-foreground" data-testid="audit-readiness-formula">
          {t('readiness.formula')}
        </p>
      </CardContent>
    </Card>
  );
}
