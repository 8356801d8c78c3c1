// Study detail (spec section 2): header, AI Study Insights, tabs Overview / Enrollment / Sites / Forms,
// side cards Quick Stats, Quick Actions and Recent Activity; 'Study Not Found' for an unknown id.
import { Suspense } from 'react';
import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { trpc } from '@/lib/trpc';
import { useCan, useCanInStudy } from '@/lib/auth';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { StatusBadge } from '@/components/ui/status-badge';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { StudyTeamTab } from '@/features/teams/study-team-tab';
import { StudyFormsTab } from '@/features/studies/study-forms-tab';
import { VisitScheduleCard } from '@/features/studies/visit-schedule-card';
import { StudyLockCard } from '@/features/studies/study-lock-card';
import { OdmExportCard } from '@/features/clinical-data/odm-export-card';
import { SiteArchiveCard } from '@/features/clinical-data/site-archive-card';
import { ImportDataCard } from '@/features/data-import/import-data-card';
import { ErrorState, NotFoundState } from '@/components/ui/states';
import { StudyInsightsCard } from '@/features/studies/study-insights-card';
import { StudyEnrollmentTab, StudyOverviewTab } from '@/features/studies/study-overview';
import { StudySitesTab } from '@/features/studies/study-sites-tab';
import { RandomizationTab } from '@/features/randomization/randomization-tab';
import { QuickActionsCard, QuickStatsCard } from '@/features/studies/study-side-cards';
import { RecentActivityCard } from '@/features/studies/recent-activity-card';
import { EditStudyDialog } from '@/features/studies/edit-study-dialog';
import { toEditable } from '@/features/studies/study-form';
import { isNotFound } from '@/lib/server-error';
import { PhaseBadge } from '@/components/ui/phase-badge';
import { DocumentTitle } from '@/components/document-title';
import { ExportUsdmButton } from '@/features/usdm/export-usdm-button';
import { StudyObjectivesCard } from '@/features/usdm/study-objectives-card';

/** A route id that can name a study: digits within PostgreSQL's integer range. */
function parseId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const n = Number(raw);
  return n > 0 && n <= 2_147_483_647 ? n : null;
}

export default function StudyDetailPage() {
  const { t } = useTranslation('studies');
  const id = parseId(useParams().id);
  const canEdit = useCan('study.update');
  const canRandomize = useCanInStudy(id ?? undefined, 'randomization.manage');
  // Site staff and readers of the supply see the tab for its Supply card only.
  const canSupply = useCanInStudy(id ?? undefined, 'supply.read');
  const study = trpc.studies.byId.useQuery({ id: id ?? 0 }, { enabled: id !== null });

  const notFound = (
    <NotFoundState
      title={t('detail.notFound')}
      description={t('detail.notFoundText')}
      backTo="/studies"
      backLabel={t('detail.back')}
    />
  );
  if (id === null) return notFound;
  if (study.isPending) {
    return (
      <div className="grid gap-6" aria-busy="true" data-testid="study-loading">
        <Skeleton className="h-16 w-2/3" />
        <div className="grid gap-6 lg:grid-cols-3">
          <div className="grid gap-6 lg:col-span-2">
            <Skeleton className="h-40" />
            <Skeleton className="h-72" />
          </div>
          <div className="grid gap-6">
            <Skeleton className="h-40" />
            <Skeleton className="h-48" />
            <Skeleton className="h-48" />
          </div>
        </div>
      </div>
    );
  }
  if (study.error) return isNotFound(study.error) ? notFound : <ErrorState message={study.error.message} />;
  const s = study.data;
  const reload = async () => {
    const { data } = await study.refetch();
    return data && toEditable(data);
  };

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-2">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="font-mono text-2xl font-bold" data-testid="study-code">
              {s.studyId}
            </h1>
            <PhaseBadge phase={s.phase} />
            <DocumentTitle title={s.studyId} />
            <Badge tone="info">{s.phase}</Badge>
            <StatusBadge status={s.status} />
            <Badge tone={s.blinding === 'open_label' ? 'neutral' : 'warning'} data-testid="study-blinding">
              {t(`blinding.${s.blinding}`)}
            </Badge>
          </div>
          <p className="text-lg text-slate-700" data-testid="study-title">
            {s.title}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Suspense fallback={null}>
            <ExportUsdmButton studyId={s.id} code={s.studyId} />
          </Suspense>
          {canEdit && <EditStudyDialog study={toEditable(s)} reload={reload} />}
        </div>
      </div>

      <div className="grid gap-6 lg:grid-cols-3">
        {/* min-w-0: a wide visit schedule scrolls inside its card instead of widening the column */}
        <div className="grid min-w-0 content-start gap-6 lg:col-span-2">
          <StudyInsightsCard insights={s.insights} />
          <Tabs defaultValue="overview">
            <TabsList>
              <TabsTrigger value="overview">{t('tabs.overview')}</TabsTrigger>
              <TabsTrigger value="enrollment">{t('tabs.enrollment')}</TabsTrigger>
              <TabsTrigger value="sites">{t('tabs.sites')}</TabsTrigger>
              <TabsTrigger value="forms">{t('tabs.forms')}</TabsTrigger>
              <TabsTrigger value="team">{t('tabs.team')}</TabsTrigger>
              {(canRandomize || canSupply) && <TabsTrigger value="randomization">{t('tabs.randomization')}</TabsTrigger>}
            </TabsList>
            <TabsContent value="overview">
              <div className="grid gap-6">
                <StudyOverviewTab study={s} />
                <Suspense fallback={null}>
                  <StudyObjectivesCard studyId={s.id} />
                </Suspense>
              </div>
            </TabsContent>
            <TabsContent value="enrollment">
              <StudyEnrollmentTab study={s} />
            </TabsContent>
            <TabsContent value="sites">
              <StudySitesTab studyId={s.id} />
            </TabsContent>
            <TabsContent value="forms">
              <div className="grid gap-6 [&>*]:min-w-0">
                <StudyFormsTab studyId={s.id} />
                <VisitScheduleCard studyId={s.id} />
                <StudyLockCard studyId={s.id} />
                {/* Their strings load on first use: only these cards wait for them, not the tab. */}
                <Suspense fallback={null}>
                  <OdmExportCard studyId={s.id} />
                  <SiteArchiveCard studyId={s.id} />
                  <ImportDataCard studyId={s.id} />
                </Suspense>
              </div>
            </TabsContent>
            <TabsContent value="team">
              <StudyTeamTab studyId={s.id} />
            </TabsContent>
            {(canRandomize || canSupply) && (
              <TabsContent value="randomization">
                <Suspense fallback={<div className="h-40" aria-busy="true" />}>
                  <RandomizationTab studyId={s.id} canManage={canRandomize} canSupply={canSupply} />
                </Suspense>
              </TabsContent>
            )}
          </Tabs>
        </div>
        <div className="grid content-start gap-6">
          <QuickStatsCard study={s} />
          <QuickActionsCard study={s} />
          <RecentActivityCard studyId={s.id} />
        </div>
      </div>
    </div>
  );
}
