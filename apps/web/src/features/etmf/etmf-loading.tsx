// The screen while it first loads: six card skeletons (SKELETONS.etmf, spec section 9).
import { useTranslation } from 'react-i18next';
import { SKELETONS } from '@ctp/contracts';
import { Skeleton } from '@/components/ui/skeleton';

export function EtmfLoading() {
  const { t } = useTranslation('etmf');
  return (
    <div data-testid="etmf-loading" aria-busy="true" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      <span className="sr-only">{t('loading')}</span>
      {Array.from({ length: SKELETONS.etmf }, (_, i) => (
        <Skeleton key={i} className="h-28" />
      ))}
    </div>
  );
}
