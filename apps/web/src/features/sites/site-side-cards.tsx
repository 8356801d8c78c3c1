// Side cards of the site detail: Quick Stats, Contact Information and Quick Actions.
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Users, Download, ArrowLeft, Mail, Phone, MapPin, UserRound, Globe, Building } from 'lucide-react';
import type { SiteDetail } from '@ctp/contracts';
import { useCan } from '@/lib/auth';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { SiteEditDialog } from './site-edit-dialog';
import { AssignStudyDialog } from './assign-study-dialog';

export function QuickStatsCard({ site }: { site: SiteDetail }) {
  const { t } = useTranslation('sites');
  // daysActive: whole days since createdAt, rounded (computed by the server).
  const stats: [string, number, string][] = [
    [t('quickStats.daysActive'), site.daysActive, 'days-active'],
    [t('quickStats.enrolled'), site.currentEnrollment, 'enrolled'],
    [t('quickStats.target'), site.enrollmentTarget, 'target'],
    [t('quickStats.studies'), site.studyCount, 'studies'],
  ];
  return (
    <Card data-testid="quick-stats">
      <CardHeader>
        <CardTitle>{t('quickStats.title')}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-2 text-sm">
        {stats.map(([label, value, id]) => (
          <div key={id} className="flex justify-between">
            <span className="text-muted-foreground">{label}</span>
            <span className="font-semibold tabular-nums" data-testid={`stat-${id}`}>
              {value}
            </span>
          </div>
        ))}
      </CardContent>
    </Card>
  );
}

export function ContactCard({ site }: { site: SiteDetail }) {
  const { t } = useTranslation('sites');
  const rows = [
    { icon: MapPin, label: t('fields.address'), value: site.address },
    { icon: Building, label: t('fields.city'), value: site.city },
    { icon: Globe, label: t('fields.country'), value: site.country },
    {
      icon: Phone,
      label: t('fields.phone'),
      value: site.phone,
      href: site.phone ? `tel:${site.phone}` : undefined,
    },
    {
      icon: Mail,
      label: t('fields.email'),
      value: site.email,
      href: site.email ? `mailto:${site.email}` : undefined,
    },
    { icon: UserRound, label: t('fields.principalInvestigator'), value: site.principalInvestigator },
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('contact.title')}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        {rows.map((r) => (
          <div key={r.label} className="flex gap-2">
            <r.icon className="mt-0.5 h-4 w-4 shrink-0 text-muted-foreground" aria-hidden />
            <div className="grid min-w-0">
              <span className="text-xs text-muted-foreground">{r.label}</span>
              {r.href ? (
                <a href={r.href} className="break-words text-primary hover:underline">
                  {r.value}
                </a>
              ) : (
                <span className="break-words">{r.value || '—'}</span>
              )}
            </div>
          </div>
        ))}
      </CardContent>
    </Card>
  );
}

export function QuickActionsCard({ site }: { site: SiteDetail }) {
  const { t } = useTranslation('sites');
  const canEdit = useCan('site.update');
  const canAssign = useCan('site.assign');
  const canExport = useCan('report.export');
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('quickActions.title')}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-2">
        <Button asChild variant="outline" size="sm" className="w-full justify-start">
          <Link to={`/patients?siteId=${site.id}`}>
            <Users /> {t('quickActions.viewPatients')}
          </Link>
        </Button>
        {canEdit && <SiteEditDialog site={site} />}
        {canAssign && (
          <AssignStudyDialog
            siteId={site.id}
            siteNumber={site.siteNumber}
            assigned={site.studies.map((s) => s.studyId)}
            className="w-full justify-start"
          />
        )}
        {canExport && (
          <Button asChild variant="outline" size="sm" className="w-full justify-start">
            {/* The server's CSV of this site's subjects (the same rows as the Patients list). */}
            <a href={`/api/patients/export.csv?siteId=${site.id}`} download>
              <Download /> {t('quickActions.exportPatients')}
            </a>
          </Button>
        )}
        <Button asChild variant="ghost" size="sm" className="w-full justify-start">
          <Link to="/sites">
            <ArrowLeft /> {t('notFound.back')}
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}
