// Trial detail (spec section 2), addressed by the trial code: Back to CTMS, header with View, Edit and
// the export/report menu, people and sponsor, three progress bars, tabs Overview, Milestones, Budget,
// Reports, Design (arms and elements; the tabs wrap on a phone), and the Recent Activity of the trial;
// 'Trial Not Found' when the code names no visible trial.
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { trpc } from '@/lib/trpc';
import { Skeleton } from '@/components/ui/skeleton';
import { ErrorState, NotFoundState } from '@/components/ui/states';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { isNotFound } from '@/lib/server-error';
import { RecentActivityCard } from '@/features/studies/recent-activity-card';
import { BackToCtms, TrialHeader, trialToEditable } from '@/features/ctms/trial-header';
import { TrialPeople, TrialProgress } from '@/features/ctms/trial-people';
import { TrialOverviewTab } from '@/features/ctms/trial-overview-tab';
import { TrialMilestonesTab } from '@/features/ctms/trial-milestones-tab';
import { TrialBudgetTab } from '@/features/ctms/trial-budget-tab';
import { TrialReportsTab } from '@/features/ctms/trial-reports-tab';
import { TrialDesignTab } from '@/features/design/design-tab';

export default function TrialDetailPage() {
  const { t } = useTranslation('ctms');
  const td = useTranslation('design').t;
  const code = useParams().id ?? '';
  const trial = trpc.trials.byCode.useQuery(
    { trialId: code },
    { enabled: code.length > 0 && code.length <= 40 },
  );
  const [tab, setTab] = useState('overview');

  const notFound = (
    <NotFoundState
      title={t('detail.notFound')}
      description={t('detail.notFoundText')}
      backTo="/ctms"
      backLabel={t('detail.back')}
    />
  );
  if (!code || code.length > 40) return notFound;
  if (trial.isPending) {
    return (
      <div className="grid gap-6" aria-busy="true" data-testid="trial-loading">
        <Skeleton className="h-5 w-32" />
        <Skeleton className="h-16 w-2/3" />
        <Skeleton className="h-28" />
        <Skeleton className="h-24" />
        <Skeleton className="h-72" />
      </div>
    );
  }
  if (trial.error) return isNotFound(trial.error) ? notFound : <ErrorState message={trial.error.message} />;
  const d = trial.data;
  const reload = async () => (await trial.refetch()).data;

  return (
    <div className="grid gap-6">
      <BackToCtms />
      <TrialHeader
        trial={d}
        reload={async () => {
          const fresh = await reload();
          return fresh && trialToEditable(fresh);
        }}
      />
      <TrialPeople trial={d} />
      <TrialProgress trial={d} />
      <div className="grid min-w-0 gap-6 2xl:grid-cols-3">
        <div className="min-w-0 2xl:col-span-2">
          <Tabs value={tab} onValueChange={setTab}>
            <TabsList className="h-auto flex-wrap">
              {(['overview', 'milestones', 'budget', 'reports'] as const).map((k) => (
                <TabsTrigger key={k} value={k}>
                  {t(`tabs.${k}`)}
                </TabsTrigger>
              ))}
              <TabsTrigger value="design">{td('tab')}</TabsTrigger>
            </TabsList>
            <TabsContent value="overview">
              <TrialOverviewTab trial={d} />
            </TabsContent>
            <TabsContent value="milestones">
              <TrialMilestonesTab trial={d} reload={reload} />
            </TabsContent>
            <TabsContent value="budget">
              <TrialBudgetTab trial={d} reload={reload} />
            </TabsContent>
            <TabsContent value="reports">
              <TrialReportsTab trialId={d.id} />
            </TabsContent>
            <TabsContent value="design">
              <TrialDesignTab studyId={d.dbId} />
            </TabsContent>
          </Tabs>
        </div>
        <div className="min-w-0 2xl:pt-14">
          <RecentActivityCard studyId={d.dbId} />
        </div>
      </div>
    </div>
  );
}
