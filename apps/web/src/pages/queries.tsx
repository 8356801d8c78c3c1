// Data queries (/queries): title, Export and New Query, four count cards (Queries, Validations,
// Inclusions, Pending Review) and four tabs: All Queries (search, status, priority and type filters, a
// paged table with progress and a row menu), Open Queries (the live ones as cards with View and
// Respond), By Priority (high, medium, low) and Reports. Filters, page and tab live in the URL; 4 card
// skeletons and 8 row skeletons show while the screen loads. The server decides every step of a
// query's lifecycle; the dialogs show its refusals.
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keepPreviousData } from '@tanstack/react-query';
import { trpc } from '@/lib/trpc';
import { useCan } from '@/lib/auth';
import { usePageInRange } from '@/lib/use-page-in-range';
import { PageHeader } from '@/components/page-header';
import { ErrorState } from '@/components/ui/states';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useQueriesParams, QUERY_TABS } from '@/features/queries/use-queries-params';
import { useQueryPermissions, type ActiveQueryDialog, type OnQueryAction } from '@/features/queries/query-actions';
import { QueriesLoading } from '@/features/queries/queries-loading';
import { QueriesSummary } from '@/features/queries/queries-summary';
import { AllQueriesTab } from '@/features/queries/all-queries-tab';
import { OpenQueriesTab } from '@/features/queries/open-queries-tab';
import { PriorityTab } from '@/features/queries/priority-tab';
import { ReportsTab } from '@/features/queries/reports-tab';
import { QueryDialogs } from '@/features/queries/query-dialogs';
import { NewQueryDialog } from '@/features/queries/new-query-dialog';
import { ExportQueriesButton } from '@/features/queries/export-queries-button';

export default function QueriesPage() {
  const { t } = useTranslation('queries');
  const can = useQueryPermissions();
  const canExport = useCan('report.export');
  const { filter, search, filtered, page, pageSize, offset, tab, update, setTab } = useQueriesParams();
  const summary = trpc.queries.summary.useQuery(filter, { placeholderData: keepPreviousData });
  const list = trpc.queries.list.useQuery({ ...filter, limit: pageSize, offset }, { placeholderData: keepPreviousData });
  const pastEnd = usePageInRange(page, pageSize, list.data?.total);
  const [active, setActive] = useState<ActiveQueryDialog>(null);
  const onAction: OnQueryAction = useCallback((action, row) => setActive({ action, row }), []);

  return (
    <div>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <>
            {canExport && <ExportQueriesButton filter={filter} />}
            {can.raise && <NewQueryDialog />}
          </>
        }
      />
      {summary.isPending || list.isPending ? (
        <QueriesLoading />
      ) : (
        <div className="grid gap-6">
          {summary.error ? <ErrorState message={summary.error.message} /> : <QueriesSummary summary={summary.data} />}
          <Tabs value={tab} onValueChange={setTab}>
            <TabsList className="h-auto flex-wrap">
              {QUERY_TABS.map((key) => (
                <TabsTrigger key={key} value={key}>
                  {t(`tabs.${key}`)}
                </TabsTrigger>
              ))}
            </TabsList>
            <TabsContent value="all">
              <AllQueriesTab
                search={search}
                filter={filter}
                filtered={filtered}
                page={page}
                pageSize={pageSize}
                list={{ data: list.data, error: list.error, stale: list.isPlaceholderData, pastEnd }}
                can={can}
                onChange={update}
                onAction={onAction}
              />
            </TabsContent>
            <TabsContent value="open">
              <OpenQueriesTab can={can} onAction={onAction} />
            </TabsContent>
            <TabsContent value="priority">
              <PriorityTab onAction={onAction} />
            </TabsContent>
            <TabsContent value="reports">
              <ReportsTab filter={filter} />
            </TabsContent>
          </Tabs>
        </div>
      )}
      <QueryDialogs active={active} can={can} onAction={onAction} onClose={() => setActive(null)} />
    </div>
  );
}
