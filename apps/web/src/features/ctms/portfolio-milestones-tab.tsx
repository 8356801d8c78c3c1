// CTMS Milestones tab: each trial's milestones (name, target date, status), a page of trials at a time.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { keepPreviousData } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE } from '@ctp/contracts';
import { trpc } from '@/lib/trpc';
import { formatDate } from '@/lib/format';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { StatusBadge } from '@/components/ui/status-badge';
import { ErrorState } from '@/components/ui/states';
import { Pager } from '@/features/studies/pager';
import { CardSkeletons } from './portfolio-overview-tab';
import { trialPath } from './trial-card';

export function PortfolioMilestonesTab() {
  const { t } = useTranslation('ctms');
  const [offset, setOffset] = useState(0);
  const trials = trpc.trials.list.useQuery(
    { limit: DEFAULT_PAGE_SIZE, offset },
    { placeholderData: keepPreviousData },
  );
  if (trials.isPending) return <CardSkeletons />;
  if (trials.error) return <ErrorState message={trials.error.message} />;
  return (
    <div className="grid gap-4">
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        {trials.data.items.map((trial) => (
          <Card key={trial.id} data-testid="trial-milestones">
            <CardHeader>
              <CardTitle className="flex flex-wrap items-center gap-2">
                <Link to={trialPath(trial.trialId)} className="font-mono text-primary hover:underline">
                  {trial.trialId}
                </Link>
                <span className="truncate text-sm font-normal text-muted-foreground">{trial.title}</span>
              </CardTitle>
            </CardHeader>
            <CardContent>
              {trial.milestones.length === 0 ? (
                <p className="text-sm text-muted-foreground">{t('milestones.none')}</p>
              ) : (
                <ul className="grid gap-2">
                  {trial.milestones.map((m) => (
                    <li key={m.id} className="flex items-center justify-between gap-2 text-sm">
                      <span className="min-w-0 flex-1 truncate">{m.name}</span>
                      <span className="text-xs text-muted-foreground">{formatDate(m.date)}</span>
                      <StatusBadge status={m.status} />
                    </li>
                  ))}
                </ul>
              )}
            </CardContent>
          </Card>
        ))}
      </div>
      <Pager
        offset={trials.data.offset}
        limit={trials.data.limit}
        total={trials.data.total}
        onOffset={setOffset}
      />
    </div>
  );
}
