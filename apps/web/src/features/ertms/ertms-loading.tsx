// The screen while it first loads: six card skeletons (SKELETONS.ertms, spec section 9).
import { useTranslation } from 'react-i18next';
import { SKELETONS } from '@ctp/contracts';
import { Skeleton } from '@/components/ui/skeleton';

export function SubmissionCardSkeletons() {
  return (
    <div className="grid gap-4 lg:grid-cols-2 2xl:grid-cols-3" aria-busy="true" data-testid="ertms-loading">
      {Array.from({ length: SKELETONS.ertms }, (_, i) => (
        <Skeleton key={i} className="h-64" />
      ))}
    </div>
  );
}

export function ErtmsLoading() {
  const { t } = useTranslation('ertms');
  return (
    <div className="grid gap-6" aria-busy="true">
      <span className="sr-only">{t('loading')}</span>
      <SubmissionCardSkeletons />
    </div>
  );
}
