// eRTMS (/ertms, spec section 2): regulatory submissions to FDA, EMA, Health Canada, PMDA and TGA. New
// Submission; four figures (the success rate computed from the agencies' decisions replaces the fixed
// "87% success"); tabs All Submissions (search and Filter, cards, pages of 10, 25 or 50), Timeline, By
// Agency and Reports. Filters, page, tab and the open submission (?submission=<id>) live in the URL; 6
// card skeletons show while the screen loads. The server enforces the workflow draft -> submitted ->
// pending -> approved | rejected (Submit only on drafts, and only with the required documents approved);
// the dialogs show its refusals.
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keepPreviousData } from '@tanstack/react-query';
import { trpc } from '@/lib/trpc';
import { useCan } from '@/lib/auth';
import { usePageInRange } from '@/lib/use-page-in-range';
import { PageHeader } from '@/components/page-header';
import { ErrorState } from '@/components/ui/states';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ERTMS_TABS, useErtmsParams } from '@/features/ertms/use-ertms-params';
import { ErtmsLoading } from '@/features/ertms/ertms-loading';
import { ErtmsSummary } from '@/features/ertms/ertms-summary';
import { NewSubmissionDialog } from '@/features/ertms/new-submission-dialog';
import { AllSubmissionsTab } from '@/features/ertms/all-submissions-tab';
import { TimelineTab } from '@/features/ertms/timeline-tab';
import { AgencyTab } from '@/features/ertms/agency-tab';
import { ReportsTab } from '@/features/ertms/reports-tab';
import { SubmissionDetailsDialog } from '@/features/ertms/submission-details-dialog';
import { SubmissionStepDialog } from '@/features/ertms/submission-step-dialog';
import type { OnSubmissionStep, SubmissionRow, SubmissionStep } from '@/features/ertms/types';

type ActiveStep = { step: SubmissionStep; row: SubmissionRow; returnTo?: number } | null;

export default function ErtmsPage() {
  const { t } = useTranslation('ertms');
  const { t: tc } = useTranslation('common');
  const canManage = useCan('submission.manage');
  const { filter, search, filtered, panelFilters, page, pageSize, offset, tab, submissionId, update, openSubmission, setTab } = useErtmsParams();
  const reports = trpc.ertms.reports.useQuery(filter, { placeholderData: keepPreviousData });
  const list = trpc.ertms.list.useQuery({ ...filter, limit: pageSize, offset }, { placeholderData: keepPreviousData });
  const pastEnd = usePageInRange(page, pageSize, list.data?.total);
  const [active, setActive] = useState<ActiveStep>(null);
  const onStep: OnSubmissionStep = useCallback((step, row) => setActive({ step, row }), []);
  const onStepFromDetails: OnSubmissionStep = useCallback(
    (step, row) => {
      openSubmission(null);
      setActive({ step, row, returnTo: row.id });
    },
    [openSubmission],
  );
  const onView = useCallback((row: { id: number }) => openSubmission(row.id), [openSubmission]);

  return (
    <div>
      <PageHeader
        title={tc('nav.ertms')}
        description={t('description')}
        actions={<NewSubmissionDialog canManage={canManage} onCreated={(s) => openSubmission(s.id)} />}
      />
      {reports.isPending || list.isPending ? (
        <ErtmsLoading />
      ) : (
        <div className="grid gap-6">
          {reports.error ? <ErrorState message={reports.error.message} /> : <ErtmsSummary reports={reports.data} />}
          <Tabs value={tab} onValueChange={setTab}>
            <TabsList className="h-auto flex-wrap">
              {ERTMS_TABS.map((key) => (
                <TabsTrigger key={key} value={key}>
                  {t(`tabs.${key}`)}
                </TabsTrigger>
              ))}
            </TabsList>
            <TabsContent value="all">
              <AllSubmissionsTab
                search={search}
                filter={filter}
                filtered={filtered}
                panelFilters={panelFilters}
                page={page}
                pageSize={pageSize}
                list={{ data: list.data, error: list.error, stale: list.isPlaceholderData, pastEnd }}
                canManage={canManage}
                onChange={update}
                onView={onView}
                onStep={onStep}
              />
            </TabsContent>
            <TabsContent value="timeline">
              <TimelineTab filter={filter} onView={openSubmission} />
            </TabsContent>
            <TabsContent value="agency">
              <AgencyTab filter={filter} onShow={(agency) => update({ agency, tab: null })} />
            </TabsContent>
            <TabsContent value="reports">
              <ReportsTab filter={filter} />
            </TabsContent>
          </Tabs>
        </div>
      )}
      {submissionId !== undefined && (
        <SubmissionDetailsDialog key={submissionId} id={submissionId} canManage={canManage} onStep={onStepFromDetails} onClose={() => openSubmission(null)} />
      )}
      {active && (
        <SubmissionStepDialog
          key={`${active.step}-${active.row.id}`}
          step={active.step}
          row={active.row}
          onClose={() => {
            if (active.returnTo) openSubmission(active.returnTo);
            setActive(null);
          }}
        />
      )}
    </div>
  );
}
