// Reports: TMF completeness over the study filter (etmf.completeness): the overall figure with its
// formula, the figure per study and the gaps (missing, expired, pending), exportable as CSV.
import { useTranslation } from 'react-i18next';
import { trpc } from '@/lib/trpc';
import { useCan } from '@/lib/auth';
import { Skeleton } from '@/components/ui/skeleton';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { CompletenessOverview } from './completeness-overview';
import { CompletenessStudies } from './completeness-studies';
import { CompletenessGaps } from './completeness-gaps';
import { ExportCompletenessButton } from './export-completeness-button';

export function ReportsTab({ studyId, onOpen }: { studyId: number | undefined; onOpen: (documentId: number) => void }) {
  const { t } = useTranslation('etmf');
  const canExport = useCan('report.export');
  const report = trpc.etmf.completeness.useQuery({ studyId });
  if (report.isPending) {
    return (
      <div className="grid gap-4" aria-busy="true">
        <Skeleton className="h-36" />
        <Skeleton className="h-48" />
      </div>
    );
  }
  if (report.error) return <ErrorState message={report.error.message} />;
  const r = report.data;
  return (
    <div className="grid gap-6" data-testid="etmf-reports">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="max-w-2xl text-sm text-muted-foreground">{t('reports.description')}</p>
        {canExport && <ExportCompletenessButton studyId={studyId} />}
      </div>
      {r.expected === 0 ? (
        <EmptyState title={t('reports.emptyTitle')} description={t('reports.emptyText')} />
      ) : (
        <>
          <CompletenessOverview completeness={r.completeness} expected={r.expected} present={r.present} />
          <CompletenessStudies studies={r.studies} />
          <CompletenessGaps gaps={r.gaps} onOpen={onOpen} />
        </>
      )}
    </div>
  );
}
