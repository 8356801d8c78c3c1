// A trial card of the CTMS Overview tab, linking to /trials/{trial code}.
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { RouterOutputs } from '@/lib/trpc';
import { formatDate, formatMoney } from '@/lib/format';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { StatusBadge } from '@/components/ui/status-badge';
import { EnrollmentBar } from '@/features/enrollment/enrollment-bar';
import { MetricBar, percentOf } from './metric-bar';
import { PhaseBadge } from '@/components/ui/phase-badge';

export type TrialListItem = RouterOutputs['trials']['list']['items'][number];

export function trialPath(code: string) {
  return `/trials/${encodeURIComponent(code)}`;
}

export function TrialCard({ trial }: { trial: TrialListItem }) {
  const { t } = useTranslation('ctms');
  const facts = [
    [t('fields.therapeuticArea'), trial.therapeuticArea],
    [t('fields.sponsor'), trial.sponsor],
    [t('fields.cro'), trial.cro],
    [t('fields.principalInvestigator'), trial.principalInvestigator],
    [t('fields.studyManager'), trial.studyManager],
    [t('fields.startDate'), formatDate(trial.startDate)],
  ] as const;
  return (
    <Link
      to={trialPath(trial.trialId)}
      className="block rounded-xl focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary"
      data-testid="trial-card"
    >
      <Card className="h-full transition-shadow hover:shadow-md">
        <CardHeader className="gap-2">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-mono text-sm font-semibold" data-testid="trial-code">
              {trial.trialId}
            </span>
            <PhaseBadge phase={trial.phase} />
            <StatusBadge status={trial.status} className="ml-auto" />
          </div>
          <CardTitle className="line-clamp-2 leading-snug">{trial.title}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-xs">
            {facts.map(([label, value]) => (
              <div key={label} className="min-w-0">
                <dt className="text-muted-foreground">{label}</dt>
                <dd className="truncate font-medium text-slate-800">{value || '—'}</dd>
              </div>
            ))}
          </dl>
          <div className="grid gap-3">
            <EnrollmentBar
              current={trial.currentEnrollment}
              target={trial.targetEnrollment}
              label={t('progress.enrollment')}
            />
            <MetricBar
              label={t('progress.siteActivation')}
              value={`${trial.activeSites}/${trial.sites}`}
              percent={percentOf(trial.activeSites, trial.sites)}
              indicatorClassName="bg-blue-600"
            />
            <MetricBar
              label={t('progress.budget')}
              value={`${formatMoney(trial.spentBudget, trial.currency)} / ${formatMoney(trial.budget, trial.currency)}`}
              percent={percentOf(trial.spentBudget, trial.budget)}
              indicatorClassName="bg-purple-600"
            />
          </div>
        </CardContent>
      </Card>
    </Link>
  );
}
