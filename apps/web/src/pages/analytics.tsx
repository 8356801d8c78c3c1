// Predictive analytics (/analytics): the spec's tiles (data quality, compliance, estimated time to full
// enrollment, site performance), the enrollment forecast with its chart and per-site table, the
// portfolio's predictions, the sites to look at (risk-based monitoring) and the Reports figures, all
// computed by the server for the study chosen in the header (kept in the URL as ?study=).
import { useTranslation } from 'react-i18next';
import { trpc } from '@/lib/trpc';
import { PageHeader } from '@/components/page-header';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { Skeleton } from '@/components/ui/skeleton';
import { useStudyParam } from '@/lib/use-study-param';
import { StudySelect } from '@/features/analytics/study-select';
import { SummaryTiles } from '@/features/analytics/summary-tiles';
import { ForecastCard } from '@/features/analytics/forecast-card';
import { SiteForecastTable } from '@/features/analytics/site-forecast-table';
import { PredictionsCard } from '@/features/analytics/predictions-card';
import { RiskCard } from '@/features/analytics/risk-card';
import { KriTable } from '@/features/analytics/kri-table';
import { ReportsFigures } from '@/features/analytics/reports-figures';

export default function AnalyticsPage() {
  const { t } = useTranslation('analytics');
  const { studyId, setStudy } = useStudyParam();
  const overview = trpc.analytics.overview.useQuery({ studyId });
  const selected = overview.data?.studyId ?? null;
  const forecast = trpc.analytics.forecast.useQuery({ studyId: selected ?? 0 }, { enabled: selected !== null });
  const risk = trpc.analytics.risk.useQuery({ studyId: selected ?? 0 }, { enabled: selected !== null });
  const code = forecast.data?.study.code ?? risk.data?.study.code ?? '';
  const header = <PageHeader title={t('title')} description={t('description')} actions={selected !== null ? <StudySelect value={selected} onChange={setStudy} /> : undefined} />;

  if (overview.error) {
    return (
      <div>
        {header}
        <ErrorState message={overview.error.message} />
      </div>
    );
  }
  if (overview.data && selected === null) {
    return (
      <div>
        {header}
        <EmptyState title={t('noStudies')} description={t('noStudiesText')} />
      </div>
    );
  }
  return (
    <div>
      {header}
      <div className="grid gap-6">
        <SummaryTiles overview={overview.data} forecast={forecast.data} risk={risk.data} code={code} />
        {forecast.error ? <ErrorState message={forecast.error.message} /> : forecast.data ? <ForecastCard forecast={forecast.data} /> : <Skeleton className="h-96" aria-busy="true" />}
        <div className="grid gap-6 lg:grid-cols-2">
          <PredictionsCard />
          {risk.error ? <ErrorState message={risk.error.message} /> : risk.data ? <RiskCard risk={risk.data} /> : <Skeleton className="h-64" aria-busy="true" />}
        </div>
        {forecast.data ? <SiteForecastTable forecast={forecast.data} /> : !forecast.error && <Skeleton className="h-48" aria-busy="true" />}
        {risk.data ? <KriTable risk={risk.data} /> : !risk.error && <Skeleton className="h-48" aria-busy="true" />}
        {overview.data?.reports ? <ReportsFigures reports={overview.data.reports} code={code} /> : !overview.data && <Skeleton className="h-48" aria-busy="true" />}
      </div>
    </div>
  );
}
