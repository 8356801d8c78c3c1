// The CTMS screen's five summary cards, computed by trials.summary over the trials the user may see.
import { useTranslation } from 'react-i18next';
import { Activity, Building2, DollarSign, TrendingUp, Users } from 'lucide-react';
import type { RouterOutputs } from '@/lib/trpc';
import { formatMillionsByCurrency, formatNumber } from '@/lib/format';
import { Card, CardContent } from '@/components/ui/card';

export function TrialSummaryCards({ summary }: { summary: RouterOutputs['trials']['summary'] }) {
  const { t } = useTranslation('ctms');
  const cards = [
    {
      key: 'activeTrials',
      icon: Activity,
      value: formatNumber(summary.activeTrials),
      hint: t('summary.activeTrialsHint', { count: summary.trials }),
    },
    { key: 'totalSites', icon: Building2, value: formatNumber(summary.totalSites) },
    { key: 'totalPatients', icon: Users, value: formatNumber(summary.totalPatients), hint: t('summary.totalPatientsHint') },
    // Millions with one decimal (spec section 9), one figure per currency.
    { key: 'totalBudget', icon: DollarSign, value: formatMillionsByCurrency(summary.budgets) },
    { key: 'avgEnrollment', icon: TrendingUp, value: `${formatNumber(summary.avgEnrollment, 1)}%` },
  ];
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
      {cards.map((c) => (
        <Card key={c.key} data-testid={`summary-${c.key}`}>
          <CardContent className="flex items-center justify-between gap-3 pt-5">
            <div>
              <div className="text-sm text-muted-foreground">{t(`summary.${c.key}`)}</div>
              <div className="text-2xl font-bold" data-testid="summary-value">
                {c.value}
              </div>
              {c.hint && (
                <div className="text-xs text-muted-foreground" data-testid="summary-caption">
                  {c.hint}
                </div>
              )}
            </div>
            <c.icon className="h-8 w-8 text-primary/70" aria-hidden />
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
