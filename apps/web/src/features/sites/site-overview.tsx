// Overview and Enrollment tabs of the site detail.
import { useTranslation } from 'react-i18next';
import type { SiteDetail } from '@ctp/contracts';
import { formatDate } from '@/lib/format';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { StatusBadge } from '@/components/ui/status-badge';
import { EnrollmentBar } from '@/features/enrollment/enrollment-bar';

export function SiteOverviewTab({ site }: { site: SiteDetail }) {
  const { t } = useTranslation('sites');
  const rows: [string, React.ReactNode][] = [
    [t('fields.siteNumber'), <span className="font-mono">{site.siteNumber}</span>],
    [t('fields.siteName'), site.siteName],
    [t('fields.status'), <StatusBadge status={site.status} />],
    [t('fields.principalInvestigator'), site.principalInvestigator ?? '—'],
    [t('overview.location'), [site.city, site.country].filter(Boolean).join(', ')],
    [t('overview.registered'), formatDate(site.createdAt)],
    [t('overview.lastActivity'), formatDate(site.lastActivity)],
    [t('overview.studies'), site.studyCount],
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('overview.title')}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-5">
        <dl className="grid gap-3 text-sm sm:grid-cols-2">
          {rows.map(([label, value]) => (
            <div key={label} className="grid gap-0.5">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="font-medium">{value}</dd>
            </div>
          ))}
        </dl>
        <EnrollmentBar
          current={site.currentEnrollment}
          target={site.enrollmentTarget}
          label={t('overview.overallEnrollment')}
        />
      </CardContent>
    </Card>
  );
}

export function SiteEnrollmentTab({ site }: { site: SiteDetail }) {
  const { t } = useTranslation('sites');
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('enrollment.title')}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-5" data-testid="site-enrollment">
        <EnrollmentBar
          current={site.currentEnrollment}
          target={site.enrollmentTarget}
          label={t('enrollment.allStudies')}
        />
        {site.studies.map((s) => (
          <div key={s.studyId} className="grid gap-1">
            <div className="flex items-center gap-2 text-sm">
              <span className="font-mono font-semibold">{s.studyCode}</span>
              <StatusBadge status={s.studySiteStatus} />
            </div>
            <EnrollmentBar current={s.currentEnrollment} target={s.enrollmentTarget} />
          </div>
        ))}
        {site.studies.length === 0 && (
          <p className="text-sm text-muted-foreground">{t('enrollment.noStudies')}</p>
        )}
      </CardContent>
    </Card>
  );
}
