// CTMS (spec section 2): header with New Trial, five summary cards, tabs Overview (search, status
// filter, trial cards), Milestones, Budget and Reports; 6 card skeletons while loading.
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Plus } from 'lucide-react';
import { DEFAULT_PAGE_SIZE } from '@ctp/contracts';
import { trpc } from '@/lib/trpc';
import { useCan } from '@/lib/auth';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { ErrorState } from '@/components/ui/states';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { CreateStudyDialog } from '@/features/studies/create-study-dialog';
import { useListParams } from '@/features/studies/use-list-params';
import { TrialSummaryCards } from '@/features/ctms/trial-summary-cards';
import { CardSkeletons, PortfolioOverviewTab } from '@/features/ctms/portfolio-overview-tab';
import { PortfolioMilestonesTab } from '@/features/ctms/portfolio-milestones-tab';
import { PortfolioBudgetTab } from '@/features/ctms/portfolio-budget-tab';
import { PortfolioReportsTab } from '@/features/ctms/portfolio-reports-tab';
import { trialPath } from '@/features/ctms/trial-card';

const TABS = ['overview', 'milestones', 'budget', 'reports'] as const;

export default function CtmsPage() {
  const { t } = useTranslation('ctms');
  const navigate = useNavigate();
  const canCreate = useCan('study.create');
  const list = useListParams(DEFAULT_PAGE_SIZE);
  const summary = trpc.trials.summary.useQuery();
  const tab = (TABS as readonly string[]).includes(list.get('tab') ?? '') ? list.get('tab')! : 'overview';

  const header = (
    <PageHeader
      title={t('title')}
      description={t('description')}
      actions={
        canCreate && (
          <CreateStudyDialog
            title={t('newTrial')}
            trigger={
              <Button>
                <Plus /> {t('newTrial')}
              </Button>
            }
            onCreated={(s) => navigate(trialPath(s.studyId))}
          />
        )
      }
    />
  );
  if (summary.isPending) {
    return (
      <div className="grid gap-6" aria-busy="true">
        <div className="flex items-center justify-between">
          <Skeleton className="h-8 w-72" />
          <Skeleton className="h-9 w-32" />
        </div>
        <CardSkeletons />
      </div>
    );
  }
  return (
    <div>
      {header}
      <div className="grid gap-6">
        {summary.error ? (
          <ErrorState message={summary.error.message} />
        ) : (
          <TrialSummaryCards summary={summary.data} />
        )}
        <Tabs value={tab} onValueChange={(v) => list.set('tab', v === 'overview' ? undefined : v)}>
          <TabsList>
            {TABS.map((k) => (
              <TabsTrigger key={k} value={k}>
                {t(`tabs.${k}`)}
              </TabsTrigger>
            ))}
          </TabsList>
          <TabsContent value="overview">
            <PortfolioOverviewTab list={list} />
          </TabsContent>
          <TabsContent value="milestones">
            <PortfolioMilestonesTab />
          </TabsContent>
          <TabsContent value="budget">
            <PortfolioBudgetTab />
          </TabsContent>
          <TabsContent value="reports">
            <PortfolioReportsTab />
          </TabsContent>
        </Tabs>
      </div>
    </div>
  );
}
