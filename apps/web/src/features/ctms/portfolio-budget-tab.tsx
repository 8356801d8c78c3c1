// CTMS Budget tab: totals by phase (trials.budgetByPhase) and, per trial, spent against total.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { keepPreviousData } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE } from '@ctp/contracts';
import { trpc } from '@/lib/trpc';
import { formatMillions, formatMoney } from '@/lib/format';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ErrorState } from '@/components/ui/states';
import { Pager } from '@/features/studies/pager';
import { MetricBar, percentOf } from './metric-bar';
import { trialPath } from './trial-card';
import { phaseLabel } from '@/components/ui/phase-badge';

/** Phase I-III always; Phase IV only when it holds a budget. */
const ALWAYS_SHOWN = ['Phase I', 'Phase II', 'Phase III'];

export function PortfolioBudgetTab() {
  const { t } = useTranslation('ctms');
  const [offset, setOffset] = useState(0);
  const phases = trpc.trials.budgetByPhase.useQuery();
  const trials = trpc.trials.list.useQuery(
    { limit: DEFAULT_PAGE_SIZE, offset },
    { placeholderData: keepPreviousData },
  );
  return (
    <div className="grid gap-6">
      {phases.error && <ErrorState message={phases.error.message} />}
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {phases.isPending
          ? ALWAYS_SHOWN.map((p) => <Skeleton key={p} className="h-28" />)
          : phases.data
              ?.filter((p) => ALWAYS_SHOWN.includes(p.phase) || p.amounts.length > 0)
              .map((p) => (
                <Card key={p.phase} data-testid="phase-budget">
                  <CardContent className="grid gap-2 pt-5">
                    <div className="text-sm text-muted-foreground">
                      {t('budget.phaseTotal', { phase: phaseLabel(t, p.phase) })}
                    </div>
                    {/* One figure per currency: amounts in different currencies are not added. */}
                    {(p.amounts.length ? p.amounts : [{ currency: 'USD', total: 0, spent: 0 }]).map((a) => (
                      <div key={a.currency} className="grid gap-2">
                        <div className="text-2xl font-bold">{formatMillions(a.total, a.currency)}</div>
                        <MetricBar
                          label={t('budget.spent')}
                          value={formatMillions(a.spent, a.currency)}
                          percent={percentOf(a.spent, a.total)}
                          indicatorClassName="bg-purple-600"
                        />
                      </div>
                    ))}
                  </CardContent>
                </Card>
              ))}
      </div>
      <Card>
        <CardHeader>
          <CardTitle>{t('budget.perTrial')}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          {trials.isPending && <Skeleton className="h-48" />}
          {trials.error && <ErrorState message={trials.error.message} />}
          {trials.data?.items.map((trial) => (
            <div
              key={trial.id}
              className="grid gap-2 sm:grid-cols-[16rem_1fr] sm:items-center"
              data-testid="trial-budget"
            >
              <div className="min-w-0">
                <Link
                  to={trialPath(trial.trialId)}
                  className="font-mono text-sm font-semibold text-primary hover:underline"
                >
                  {trial.trialId}
                </Link>
                <div className="truncate text-xs text-muted-foreground">{trial.title}</div>
              </div>
              <MetricBar
                label={t('budget.spentOfTotal')}
                value={`${formatMoney(trial.spentBudget, trial.currency)} / ${formatMoney(trial.budget, trial.currency)}`}
                percent={percentOf(trial.spentBudget, trial.budget)}
                indicatorClassName={trial.spentBudget > trial.budget ? 'bg-red-600' : 'bg-purple-600'}
              />
            </div>
          ))}
          {trials.data && (
            <Pager
              offset={trials.data.offset}
              limit={trials.data.limit}
              total={trials.data.total}
              onOffset={setOffset}
            />
          )}
        </CardContent>
      </Card>
    </div>
  );
}
