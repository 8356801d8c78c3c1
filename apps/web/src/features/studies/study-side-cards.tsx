// Study detail side cards Quick Stats and Quick Actions.
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { BarChart3, FileDown, Monitor, Users } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useCan } from '@/lib/auth';
import { useTrialReport } from '@/features/ctms/use-trial-files';
import type { StudyDetail } from './study-overview';

export function QuickStatsCard({ study }: { study: StudyDetail }) {
  const { t } = useTranslation('studies');
  const rows = [
    {
      key: 'enrollment',
      label: t('quickStats.enrollment'),
      value: `${study.currentEnrollment}/${study.targetEnrollment}`,
    },
    { key: 'sites', label: t('quickStats.sites'), value: String(study.counts.sites) },
    { key: 'activeSites', label: t('quickStats.activeSites'), value: String(study.counts.activeSites) },
    // Whole days since createdAt, rounded (computed by the server).
    {
      key: 'duration',
      label: t('quickStats.duration'),
      value: t('quickStats.days', { count: study.durationDays }),
    },
  ];
  return (
    <Card data-testid="quick-stats">
      <CardHeader>
        <CardTitle>{t('quickStats.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-3 text-sm">
          {rows.map((r) => (
            <div key={r.key} className="flex justify-between gap-2" data-testid={`stat-${r.key}`}>
              <dt className="text-muted-foreground">{r.label}</dt>
              <dd className="font-semibold">{r.value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}

export function QuickActionsCard({ study }: { study: StudyDetail }) {
  const { t } = useTranslation('studies');
  const canExport = useCan('report.export');
  const report = useTrialReport();
  return (
    <Card data-testid="quick-actions">
      <CardHeader>
        <CardTitle>{t('quickActions.title')}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-2">
        <Button asChild variant="outline" className="justify-start">
          <Link to={`/patients?studyId=${study.id}`}>
            <Users /> {t('quickActions.viewPatients')}
          </Link>
        </Button>
        {canExport && (
          <Button
            variant="outline"
            className="justify-start"
            disabled={report.isPending}
            onClick={() => report.mutate({ trialId: study.studyId, kind: 'enrollment' })}
          >
            <FileDown /> {report.isPending ? t('quickActions.generating') : t('quickActions.generateReport')}
          </Button>
        )}
        <Button asChild variant="outline" className="justify-start">
          <Link to="/monitoring">
            <Monitor /> {t('quickActions.monitorData')}
          </Link>
        </Button>
        <Button asChild variant="outline" className="justify-start">
          <Link to="/analytics">
            <BarChart3 /> {t('quickActions.viewAnalytics')}
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}
