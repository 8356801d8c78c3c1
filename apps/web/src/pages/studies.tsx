// Studies list (spec section 2): heading, New Study, 6 card skeletons while loading, 'No studies found'
// with Create First Study, and a 3-column grid of study cards; search, status filter and pages run in SQL.
import { lazy, Suspense } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { keepPreviousData } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { SKELETONS } from '@ctp/contracts';
import { trpc } from '@/lib/trpc';
import { useCan } from '@/lib/auth';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { CreateStudyDialog } from '@/features/studies/create-study-dialog';
import { StudyCard } from '@/features/studies/study-card';
import { ListControls } from '@/features/studies/list-controls';
import { Pager } from '@/features/studies/pager';
import { useListParams } from '@/features/studies/use-list-params';
import { usePageInRange } from '@/lib/use-page-in-range';

// The USDM import (its review screen) loads only when a user who may import opens the studies page.
const ImportUsdmDialog = lazy(() => import('@/features/usdm/import-usdm-dialog'));

/** Four rows of the 3-column grid. */
const PAGE_SIZE = 12;

export default function StudiesPage() {
  const { t } = useTranslation('studies');
  const navigate = useNavigate();
  const canCreate = useCan('study.create');
  const canImportUsdm = useCan('study.importUsdm');
  const list = useListParams(PAGE_SIZE);
  const studies = trpc.studies.list.useQuery(
    { search: list.search || undefined, status: list.status, limit: list.limit, offset: list.offset },
    { placeholderData: keepPreviousData },
  );
  const pastEnd = usePageInRange(list.page, list.limit, studies.data?.total);

  if (studies.isPending) {
    return (
      <div className="grid gap-6" aria-busy="true" data-testid="studies-loading">
        <div className="flex items-center justify-between">
          <Skeleton className="h-8 w-64" />
          <Skeleton className="h-9 w-32" />
        </div>
        <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
          {Array.from({ length: SKELETONS.studies }, (_, i) => (
            <Skeleton key={i} className="h-44" />
          ))}
        </div>
      </div>
    );
  }

  const newStudy = (label: string) => (
    <CreateStudyDialog
      trigger={
        <Button>
          <Plus /> {label}
        </Button>
      }
      onCreated={(s) => navigate(`/studies/${s.id}`)}
    />
  );
  const filtered = !!(list.search || list.status);
  // A page past the end (moving to the last page) is not the empty list: show neither state nor pager.
  const data =
    pastEnd || (studies.data && studies.data.items.length === 0 && studies.data.total > 0)
      ? undefined
      : studies.data;

  return (
    <div>
      <PageHeader
        title={t('list.title')}
        description={t('list.description')}
        actions={
          (canCreate || canImportUsdm) && (
            <div className="flex flex-wrap gap-2">
              {canImportUsdm && (
                <Suspense fallback={null}>
                  <ImportUsdmDialog />
                </Suspense>
              )}
              {canCreate && newStudy(t('list.newStudy'))}
            </div>
          )
        }
      />
      <div className="grid gap-6">
        <ListControls
          search={list.search}
          status={list.status}
          onSearch={list.setSearch}
          onStatus={list.setStatus}
          placeholder={t('list.searchPlaceholder')}
          searchLabel={t('list.searchLabel')}
        />
        {studies.error && <ErrorState message={studies.error.message} />}
        {data && data.items.length === 0 && (
          <EmptyState
            title={t('list.empty')}
            description={filtered ? t('list.emptyFiltered') : t('list.emptyText')}
            action={
              !filtered && canCreate ? (
                <div className="mt-2">{newStudy(t('list.createFirst'))}</div>
              ) : undefined
            }
          />
        )}
        {data && data.items.length > 0 && (
          <div
            className="grid gap-4 md:grid-cols-2 lg:grid-cols-3"
            data-testid="studies-grid"
            aria-busy={studies.isPlaceholderData}
          >
            {data.items.map((s) => (
              <StudyCard key={s.id} study={s} />
            ))}
          </div>
        )}
        {data && (
          <Pager offset={data.offset} limit={data.limit} total={data.total} onOffset={list.setOffset} />
        )}
      </div>
    </div>
  );
}
