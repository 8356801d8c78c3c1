// By Agency: one card for each of the five agencies (FDA, EMA, Health Canada, PMDA, TGA), over the
// current filters (the agency filter aside).
import { useTranslation } from 'react-i18next';
import { AGENCIES, type SubmissionFilterInput } from '@ctp/contracts';
import { trpc } from '@/lib/trpc';
import { Skeleton } from '@/components/ui/skeleton';
import { ErrorState } from '@/components/ui/states';
import { AgencyCard } from './agency-card';

export function AgencyTab({ filter, onShow }: { filter: SubmissionFilterInput; onShow: (agency: string) => void }) {
  const { t } = useTranslation('ertms');
  const agencies = trpc.ertms.byAgency.useQuery(filter);
  if (agencies.isPending) {
    return (
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-busy="true">
        {AGENCIES.map((a) => (
          <Skeleton key={a} className="h-72" />
        ))}
      </div>
    );
  }
  if (agencies.error) return <ErrorState message={agencies.error.message} />;
  return (
    <div className="grid gap-3">
      {filter.agency && <p className="text-sm text-muted-foreground">{t('agency.allAgenciesNote')}</p>}
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" data-testid="agency-grid">
        {agencies.data.map((a) => (
          <AgencyCard key={a.agency} figures={a} onShow={onShow} />
        ))}
      </div>
    </div>
  );
}
