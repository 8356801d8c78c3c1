// Type distribution: each query type's count and share of all queries, as bars.
import { useTranslation } from 'react-i18next';
import type { RouterOutputs } from '@/lib/trpc';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { formatFigure, formatNumber } from '@/lib/format';

type Distribution = RouterOutputs['queries']['reports']['typeDistribution'];

export function TypeDistribution({ types }: { types: Distribution }) {
  const { t } = useTranslation('queries');
  return (
    <Card data-testid="report-type-distribution">
      <CardHeader>
        <CardTitle>{t('reports.types')}</CardTitle>
        <CardDescription>{t('reports.typesCaption')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {types.map((d) => {
          const label = t(`kinds.${d.kind}`);
          return (
            <div key={d.kind} className="grid gap-1" data-testid="report-type" data-type={d.kind}>
              <div className="flex items-center justify-between text-sm">
                <span>{label}</span>
                <span className="tabular-nums text-muted-foreground">
                  {formatNumber(d.count)} · {d.percent === null ? '—' : `${formatFigure(d.percent)}%`}
                </span>
              </div>
              <Progress value={d.percent ?? 0} aria-label={label} />
            </div>
          );
        })}
      </CardContent>
    </Card>
  );
}
