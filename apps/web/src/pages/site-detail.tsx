// Site detail (spec section 2): header, performance insights, tabs Overview, Enrollment, Patients,
// Studies, side cards Quick Stats, Contact Information, Quick Actions, Recent Activity.
// 'Site Not Found' for an id the user cannot see, an unknown one, or one that is not a number.
import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { MapPin } from 'lucide-react';
import { trpc } from '@/lib/trpc';
import { serverError } from '@/lib/server-error';
import { Skeleton } from '@/components/ui/skeleton';
import { StatusBadge } from '@/components/ui/status-badge';
import { ErrorState, NotFoundState } from '@/components/ui/states';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { idParam } from '@/features/patients/use-url-filters';
import { SiteInsightsCard } from '@/features/sites/site-insights-card';
import { SiteEnrollmentTab, SiteOverviewTab } from '@/features/sites/site-overview';
import { SitePatientsTab } from '@/features/sites/site-patients-tab';
import { SiteStudiesTab } from '@/features/sites/site-studies-tab';
import { ContactCard, QuickActionsCard, QuickStatsCard } from '@/features/sites/site-side-cards';
import { SiteActivityCard } from '@/features/sites/site-activity-card';
import { siteAddressLine } from '@/features/sites/site-address';
import { DocumentTitle } from '@/components/document-title';

export default function SiteDetailPage() {
  const { t } = useTranslation('sites');
  const id = idParam(useParams().id ?? null);
  const detail = trpc.sites.byId.useQuery({ id: id ?? 0 }, { enabled: id !== undefined });

  const notFound = (
    <NotFoundState
      title={t('notFound.title')}
      description={t('notFound.description')}
      backTo="/sites"
      backLabel={t('notFound.back')}
    />
  );
  if (id === undefined) return notFound;
  if (detail.isPending) {
    return (
      <div className="grid gap-6" aria-busy="true">
        <Skeleton className="h-12 w-1/2" />
        <Skeleton className="h-32" />
        <div className="grid gap-6 lg:grid-cols-3">
          <Skeleton className="h-80 lg:col-span-2" />
          <Skeleton className="h-80" />
        </div>
      </div>
    );
  }
  if (detail.error)
    return serverError(detail.error).code === 'NOT_FOUND' ? (
      notFound
    ) : (
      <ErrorState message={detail.error.message} />
    );

  const site = detail.data;
  return (
    <div className="grid gap-6">
      <header className="grid gap-1">
        <div className="flex flex-wrap items-center gap-3">
          <span className="font-mono text-sm font-semibold text-primary" data-testid="site-number">
            {site.siteNumber}
          </span>
          <StatusBadge status={site.status} />
        </div>
        <h1 className="text-2xl font-bold tracking-tight">{site.siteName}</h1>
        <DocumentTitle title={site.siteName} />
        <p className="flex items-center gap-1 text-sm text-muted-foreground" data-testid="site-address">
          <MapPin className="h-4 w-4 shrink-0" aria-hidden /> {siteAddressLine(site)}
        </p>
      </header>

      <SiteInsightsCard insights={site.insights} />

      <div className="grid items-start gap-6 lg:grid-cols-3">
        <Tabs defaultValue="overview" className="lg:col-span-2">
          <TabsList>
            <TabsTrigger value="overview">{t('tabs.overview')}</TabsTrigger>
            <TabsTrigger value="enrollment">{t('tabs.enrollment')}</TabsTrigger>
            <TabsTrigger value="patients">{t('tabs.patients')}</TabsTrigger>
            <TabsTrigger value="studies">{t('tabs.studies')}</TabsTrigger>
          </TabsList>
          <TabsContent value="overview">
            <SiteOverviewTab site={site} />
          </TabsContent>
          <TabsContent value="enrollment">
            <SiteEnrollmentTab site={site} />
          </TabsContent>
          <TabsContent value="patients">
            <SitePatientsTab siteId={site.id} />
          </TabsContent>
          <TabsContent value="studies">
            <SiteStudiesTab site={site} />
          </TabsContent>
        </Tabs>
        <aside className="grid gap-6">
          <QuickStatsCard site={site} />
          <ContactCard site={site} />
          <QuickActionsCard site={site} />
          <SiteActivityCard siteId={site.id} />
        </aside>
      </div>
    </div>
  );
}
