// The completeness figure over all studies in view: present / expected as a percentage and a bar, with
// the formula and the counts it is made of.
import { useTranslation } from 'react-i18next';
import { Card, CardContent } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { formatFigure, formatNumber } from '@/lib/format';

export function CompletenessOverview({ completeness, expected, present }: { completeness: number; expected: number; present: number }) {
  const { t } = useTranslation('etmf');
  const tone = completeness >= 80 ? 'bg-green-600' : completeness >= 50 ? 'bg-orange-500' : 'bg-red-500';
  return (
    <Card data-testid="etmf-completeness">
      <CardContent className="grid gap-3 pt-5">
        <div className="flex flex-wrap items-end justify-between gap-2">
          <div>
            <p className="text-sm text-muted-foreground">{t('reports.completeness')}</p>
            <p className="text-3xl font-bold tabular-nums" data-testid="etmf-completeness-value">
              {formatFigure(completeness)}%
            </p>
          </div>
          <p className="text-sm text-muted-foreground" data-testid="etmf-completeness-counts">
            {t('reports.presentOf', { present: formatNumber(present), expected: formatNumber(expected) })}
          </p>
        </div>
        <Progress value={completeness} indicatorClassName={tone} aria-label={t('reports.completeness')} />
        <p className="text-xs text-muted-foreground" data-testid="etmf-completeness-formula">
          {t('reports.formula')}
        </p>
      </CardContent>
    </Card>
  );
}
