// The list while it loads: ten row skeletons (SKELETONS.inclusionsRows).
import { useTranslation } from 'react-i18next';
import { SKELETONS } from '@ctp/contracts';
import { Skeleton } from '@/components/ui/skeleton';

export function InclusionsSkeleton() {
  const { t } = useTranslation('inclusions');
  return (
    <div data-testid="inclusions-loading" aria-busy="true" className="grid gap-2 rounded-xl border border-border bg-white p-4 shadow-sm">
      <span className="sr-only">{t('table.loading')}</span>
      {Array.from({ length: SKELETONS.inclusionsRows }, (_, i) => (
        <Skeleton key={i} className="h-10 w-full" />
      ))}
    </div>
  );
}
