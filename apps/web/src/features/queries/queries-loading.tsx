// The screen while it first loads: four card skeletons (SKELETONS.queriesCards) and the table's eight
// row skeletons.
import { useTranslation } from 'react-i18next';
import { SKELETONS } from '@ctp/contracts';
import { Skeleton } from '@/components/ui/skeleton';
import { QueryRowsSkeleton } from './query-rows-skeleton';

export function QueriesLoading() {
  const { t } = useTranslation('queries');
  return (
    <div data-testid="queries-loading" aria-busy="true" className="grid gap-6">
      <span className="sr-only">{t('table.loading')}</span>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {Array.from({ length: SKELETONS.queriesCards }, (_, i) => (
          <Skeleton key={i} className="h-28" />
        ))}
      </div>
      <QueryRowsSkeleton />
    </div>
  );
}
