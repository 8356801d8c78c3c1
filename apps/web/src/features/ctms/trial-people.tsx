// Trial detail: people, sponsor and CRO, dates, and the three progress bars.
import { useTranslation } from 'react-i18next';
import { Building2, Briefcase, Stethoscope, UserCog } from 'lucide-react';
import { formatDate, formatMoney } from '@/lib/format';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { EnrollmentBar } from '@/features/enrollment/enrollment-bar';
import { MetricBar } from './metric-bar';
import type { TrialDetail } from './trial-header';

export function TrialPeople({ trial }: { trial: TrialDetail }) {
  const { t } = useTranslation('ctms');
  const { t: ts } = useTranslation('studies');
  const org = (type: string | null) =>
    type ? ts(`organisationTypes.${type}`, { defaultValue: type }) : null;
  const people = [
    {
      key: 'sponsor',
      icon: Building2,
      label: t('fields.sponsor'),
      name: trial.sponsor.name,
      sub: org(trial.sponsor.type),
    },
    { key: 'cro', icon: Briefcase, label: t('fields.cro'), name: trial.cro.name, sub: org(trial.cro.type) },
    {
      key: 'pi',
      icon: Stethoscope,
      label: t('fields.principalInvestigator'),
      name: trial.principalInvestigator.name,
      sub: trial.principalInvestigator.title,
    },
    {
      key: 'manager',
      icon: UserCog,
      label: t('fields.studyManager'),
      name: trial.studyManager.name,
      sub: trial.studyManager.title,
    },
  ];
  return (
    <Card data-testid="trial-people">
      <CardContent className="grid gap-4 pt-5 sm:grid-cols-2 lg:grid-cols-4">
        {people.map((p) => (
          <div key={p.key} className="flex gap-3" data-testid={`person-${p.key}`}>
            <p.icon className="mt-0.5 h-5 w-5 shrink-0 text-primary" aria-hidden />
            <div className="min-w-0">
              <div className="text-xs uppercase tracking-wide text-muted-foreground">{p.label}</div>
              <div className="truncate font-medium">{p.name || '—'}</div>
              {p.sub && <div className="text-xs text-muted-foreground">{p.sub}</div>}
            </div>
          </div>
        ))}
        <div className="grid gap-1 text-sm sm:col-span-2 lg:col-span-4 sm:grid-cols-3">
          <div>
            <span className="text-muted-foreground">{t('fields.therapeuticArea')}:</span>{' '}
            {trial.therapeuticArea || '—'}
          </div>
          <div>
            <span className="text-muted-foreground">{t('fields.startDate')}:</span>{' '}
            {formatDate(trial.startDate)}
          </div>
          <div>
            <span className="text-muted-foreground">{t('fields.estimatedCompletion')}:</span>{' '}
            {formatDate(trial.estimatedCompletion)}
          </div>
        </div>
      </CardContent>
    </Card>
  );
}

export function TrialProgress({ trial }: { trial: TrialDetail }) {
  const { t } = useTranslation('ctms');
  const money = (n: number) => formatMoney(n, trial.budget.currency);
  return (
    <Card data-testid="trial-progress">
      <CardHeader>
        <CardTitle>{t('progress.title')}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4 md:grid-cols-3">
        <EnrollmentBar
          current={trial.enrollment.current}
          target={trial.enrollment.target}
          label={t('progress.enrollment')}
        />
        <MetricBar
          label={t('progress.siteActivation')}
          value={`${trial.siteActivation.current}/${trial.siteActivation.target}`}
          percent={trial.siteActivation.percentage}
          indicatorClassName="bg-blue-600"
        />
        <MetricBar
          label={t('progress.budget')}
          value={`${money(trial.budget.utilized)} / ${money(trial.budget.total)}`}
          percent={trial.budget.percentage}
          indicatorClassName={trial.budget.utilized > trial.budget.total ? 'bg-red-600' : 'bg-purple-600'}
        />
      </CardContent>
    </Card>
  );
}
