// Inclusions list (/inclusions): one study's subjects with their visit grid (selection visit, D0, D3,
// D7, D28, study end, telemedicine), searched, sorted and paged on the server. Ticked rows or
// select-all (every match, on all pages) can be exported or archived. The study, search, sort, page
// size, page and 'Show archived' live in the URL query.
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { skipToken } from '@tanstack/react-query';
import { trpc } from '@/lib/trpc';
import { useCan } from '@/lib/auth';
import { usePageInRange } from '@/lib/use-page-in-range';
import { PageHeader } from '@/components/page-header';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { AddPatientDialog } from '@/features/patients/add-patient-dialog';
import { useInclusionParams, type InclusionFilter } from '@/features/inclusions/use-inclusion-params';
import { useStudyChoice } from '@/features/inclusions/use-study-choice';
import { useSelection } from '@/features/inclusions/use-selection';
import { useRefreshOnEnrol } from '@/features/inclusions/use-refresh-on-enrol';
import { StudyPicker } from '@/features/inclusions/study-picker';
import { SearchBox } from '@/features/inclusions/search-box';
import { SelectionBar } from '@/features/inclusions/selection-bar';
import { SortSelect } from '@/features/inclusions/sort-select';
import { ArchivedToggle } from '@/features/inclusions/archived-toggle';
import { ExportAllButton } from '@/features/inclusions/export-all-button';
import { InclusionsTable } from '@/features/inclusions/inclusions-table';
import { InclusionsSkeleton } from '@/features/inclusions/inclusions-skeleton';
import { InclusionsPager } from '@/features/inclusions/inclusions-pager';
import { ArchiveDialog } from '@/features/inclusions/archive-dialog';

export default function InclusionsPage() {
  const { t } = useTranslation('inclusions');
  const canEnroll = useCan('patient.enroll');
  const canExport = useCan('report.export');
  const canArchive = useCan('patient.updateStatus');
  const { studyParam, search, sort, archived, page, pageSize, offset, update } = useInclusionParams();
  const choice = useStudyChoice(studyParam);
  useRefreshOnEnrol();
  const filter: InclusionFilter | null = choice.studyId ? { studyId: choice.studyId, search: search || undefined, archived } : null;
  const list = trpc.inclusions.list.useQuery(filter ? { ...filter, sort, limit: pageSize, offset } : skipToken);
  const total = list.data?.total ?? 0;
  const selection = useSelection(JSON.stringify(filter), total);
  const pastEnd = usePageInRange(page, pageSize, list.data?.total);
  const [archiving, setArchiving] = useState(false);
  const onSearch = useCallback((q: string) => update({ q }), [update]);

  return (
    <div>
      <PageHeader
        title={t('title')}
        actions={
          <>
            {canExport && <ExportAllButton filter={filter} disabled={!list.data || total === 0} />}
            {canEnroll && <AddPatientDialog label={t('newSubject')} studyId={filter?.studyId} />}
          </>
        }
      />
      {choice.pending ? (
        <InclusionsSkeleton />
      ) : choice.error ? (
        <ErrorState message={choice.error.message} />
      ) : !filter ? (
        <EmptyState title={t('study.none')} description={t('study.noneText')} />
      ) : (
        <div className="grid gap-4">
          <StudyPicker studies={choice.studies} studyId={filter.studyId} study={list.data?.study} onChange={(id) => update({ study: id })} />
          <div className="flex flex-wrap items-center gap-3">
            <SearchBox value={search} onSearch={onSearch} />
            <SelectionBar filter={filter} selection={selection} canExport={canExport} canArchive={canArchive} onArchive={() => setArchiving(true)} />
            <SortSelect value={sort} onChange={(s) => update({ sort: s === 'startDate' ? null : s })} />
            <ArchivedToggle checked={archived} onChange={(on) => update({ archived: on ? 1 : null })} />
          </div>
          {list.isPending || pastEnd ? (
            <InclusionsSkeleton />
          ) : list.error ? (
            <ErrorState message={list.error.message} />
          ) : total === 0 ? (
            <EmptyState title={t('empty.title')} description={archived ? t('empty.archived') : t('empty.description')} />
          ) : (
            <>
              <InclusionsTable rows={list.data.items} studyId={filter.studyId} selection={selection} />
              <InclusionsPager total={total} page={page} pageSize={pageSize} onPage={(p) => update({ page: p > 1 ? p : null })} onPageSize={(size) => update({ size })} />
            </>
          )}
        </div>
      )}
      {archiving && filter && selection.payload && (
        <ArchiveDialog
          filter={filter}
          selection={selection.payload}
          count={selection.count}
          onClose={() => setArchiving(false)}
          onArchived={selection.clear}
        />
      )}
    </div>
  );
}
