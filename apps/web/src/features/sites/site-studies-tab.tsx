// Studies tab: the studies the site takes part in with per-study target, enrollment, study-site
// status, assignment and activation dates; Activate for pending ones; Assign to Study.
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { SiteDetail } from '@ctp/contracts';
import { useCan } from '@/lib/auth';
import { formatDate } from '@/lib/format';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { StatusBadge } from '@/components/ui/status-badge';
import { EmptyState } from '@/components/ui/states';
import { EnrollmentBar } from '@/features/enrollment/enrollment-bar';
import { ActivateSiteDialog } from './activate-site-dialog';
import { AssignStudyDialog } from './assign-study-dialog';

export function SiteStudiesTab({ site }: { site: SiteDetail }) {
  const { t } = useTranslation('sites');
  const canActivate = useCan('site.activate');
  const canAssign = useCan('site.assign');
  const assign = canAssign && (
    <AssignStudyDialog
      siteId={site.id}
      siteNumber={site.siteNumber}
      assigned={site.studies.map((s) => s.studyId)}
    />
  );
  if (site.studies.length === 0) return <EmptyState title={t('studies.empty')} action={assign} />;
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between">
        <CardTitle>{t('studies.title')}</CardTitle>
        {assign}
      </CardHeader>
      <CardContent className="grid gap-3">
        {site.studies.map((s) => (
          <div
            key={s.studyId}
            className="grid gap-3 rounded-lg border border-border p-4"
            data-testid="site-study"
            data-study-code={s.studyCode}
          >
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div className="grid gap-1">
                <Link
                  to={`/studies/${s.studyId}`}
                  className="font-mono text-sm font-semibold text-primary hover:underline"
                >
                  {s.studyCode}
                </Link>
                <span className="text-sm">{s.title}</span>
              </div>
              <div className="flex items-center gap-2">
                <StatusBadge status={s.studySiteStatus} />
                {canActivate && s.studySiteStatus === 'pending' && (
                  <ActivateSiteDialog siteId={site.id} siteNumber={site.siteNumber} study={s} />
                )}
              </div>
            </div>
            <EnrollmentBar current={s.currentEnrollment} target={s.enrollmentTarget} />
            <dl className="grid grid-cols-2 gap-2 text-xs text-muted-foreground sm:grid-cols-4">
              <div>
                <dt>{t('studies.target')}</dt>
                <dd className="font-medium text-slate-900">{s.enrollmentTarget}</dd>
              </div>
              <div>
                <dt>{t('studies.enrolled')}</dt>
                <dd className="font-medium text-slate-900">{s.currentEnrollment}</dd>
              </div>
              <div>
                <dt>{t('studies.assignedOn')}</dt>
                <dd className="font-medium text-slate-900">{formatDate(s.assignedOn)}</dd>
              </div>
              <div>
                <dt>{t('studies.activatedOn')}</dt>
                <dd className="font-medium text-slate-900" data-testid="activated-on">
                  {s.activatedOn ? formatDate(s.activatedOn) : t('studies.notActivated')}
                </dd>
              </div>
            </dl>
          </div>
        ))}
      </CardContent>
    </Card>
  );
}
