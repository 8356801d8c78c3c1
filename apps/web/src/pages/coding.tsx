// Medical coding (/coding): the coding queue — proposals first — with its counts, filters and paging,
// the coder's decisions, and the dictionaries (MedDRA import for administrators). Reached from data entry.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckCircle2, CircleHelp, ListChecks, Repeat } from 'lucide-react';
import { CODING_STATUSES, type CodingStatus } from '@ctp/contracts';
import { trpc } from '@/lib/trpc';
import { useCan } from '@/lib/auth';
import { PageHeader } from '@/components/page-header';
import { StatTile } from '@/components/stat-tile';
import { SearchBox } from '@/components/search-box';
import { StudyFilter } from '@/components/study-filter';
import { PageNav } from '@/components/page-nav';
import { NativeSelect } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { CodingQueueTable } from '@/features/coding/coding-queue';
import { DictionariesCard } from '@/features/coding/dictionaries-card';

const PAGE_SIZE = 10;

export default function CodingPage() {
  const { t } = useTranslation('coding');
  const canDecide = useCan('coding.decide');
  const [studyId, setStudyId] = useState<number>();
  const [status, setStatus] = useState<CodingStatus | undefined>('proposed');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const filter = { studyId, status, search: search || undefined };
  const queue = trpc.coding.queue.useQuery({ ...filter, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
  const counts = trpc.coding.counts.useQuery({ studyId });
  const dictionary = trpc.coding.studyDictionary.useQuery({ studyId: studyId! }, { enabled: !!studyId });
  const c = counts.data;
  return (
    <div className="grid gap-6">
      <PageHeader title={t('queue.title')} description={t('queue.description')} />
      {!canDecide && <p className="text-sm text-muted-foreground">{t('queue.noPermission')}</p>}
      {dictionary.data?.isDemo && (
        <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" data-testid="demo-dictionary-warning">
          {t('queue.demoWarning')}
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <StatTile icon={ListChecks} label={t('queue.proposed')} value={c?.proposed} loading={counts.isPending} testId="coding-proposed" />
        <StatTile icon={CheckCircle2} label={t('queue.coded')} value={c?.coded} loading={counts.isPending} tone="text-green-600" />
        <StatTile icon={Repeat} label={t('queue.bySynonym')} value={c?.bySynonym} loading={counts.isPending} />
        <StatTile icon={CircleHelp} label={t('queue.uncodable')} value={c?.uncodable} loading={counts.isPending} tone="text-destructive" />
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <SearchBox value={search} onSearch={(v) => (setSearch(v), setPage(1))} label={t('queue.search')} placeholder={t('queue.search')} />
        <StudyFilter value={studyId} onChange={(v) => (setStudyId(v ? Number(v) : undefined), setPage(1))} label={t('queue.study')} allLabel={t('queue.all')} />
        <NativeSelect
          className="w-40"
          aria-label={t('queue.status')}
          value={status ?? ''}
          onChange={(e) => (setStatus((e.target.value || undefined) as CodingStatus | undefined), setPage(1))}
        >
          <option value="">{t('queue.all')}</option>
          {CODING_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`queue.${s}`)}
            </option>
          ))}
        </NativeSelect>
      </div>
      {queue.isPending ? (
        <Skeleton className="h-48" />
      ) : queue.error ? (
        <ErrorState message={queue.error.message} />
      ) : queue.data.items.length === 0 ? (
        <EmptyState title={t('queue.empty')} />
      ) : (
        <>
          <CodingQueueTable items={queue.data.items} studyId={studyId} />
          <PageNav ns="coding" total={queue.data.total} page={page} pageSize={PAGE_SIZE} onPage={setPage} />
        </>
      )}
      <DictionariesCard studyId={studyId} />
    </div>
  );
}
