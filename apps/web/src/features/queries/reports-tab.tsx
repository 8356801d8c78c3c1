// Reports over the list's filters: mean resolution time, response rate, first-time resolution and the
// distribution of query types, each with its formula.
import { useTranslation } from 'react-i18next';
import { CheckCheck, MessageSquareReply, Timer } from 'lucide-react';
import type { QueryFilterInput } from '@ctp/contracts';
import { trpc } from '@/lib/trpc';
import { Skeleton } from '@/components/ui/skeleton';
import { ErrorState } from '@/components/ui/states';
import { formatFigure } from '@/lib/format';
import { ReportMetric } from '@/components/report-metric';
import { TypeDistribution } from './type-distribution';

const percent = (v: number | null) => (v === null ? '—' : `${formatFigure(v)}%`);

export function ReportsTab({ filter }: { filter: QueryFilterInput }) {
  const { t } = useTranslation('queries');
  const reports = trpc.queries.reports.useQuery(filter);
  if (reports.isPending) {
    return (
      <div className="grid gap-4 md:grid-cols-3" aria-busy="true">
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} className="h-32" />
        ))}
        <Skeleton className="h-48 md:col-span-3" />
      </div>
    );
  }
  if (reports.error) return <ErrorState message={reports.error.message} />;
  const r = reports.data;
  return (
    <div className="grid gap-4" data-testid="queries-reports">
      <p className="text-sm text-muted-foreground">{t('reports.over', { count: r.total })}</p>
      <div className="grid gap-4 md:grid-cols-3">
        <ReportMetric
          testId="report-resolution-time"
          icon={Timer}
          label={t('reports.resolution')}
          value={r.resolutionDays === null ? '—' : t('reports.days', { count: r.resolutionDays, value: formatFigure(r.resolutionDays) })}
          caption={t('reports.resolutionCaption')}
        />
        <ReportMetric
          testId="report-response-rate"
          icon={MessageSquareReply}
          label={t('reports.responseRate')}
          value={percent(r.responseRate)}
          caption={t('reports.responseRateCaption')}
        />
        <ReportMetric
          testId="report-first-time"
          icon={CheckCheck}
          label={t('reports.firstTime')}
          value={percent(r.firstTimeResolution)}
          caption={t('reports.firstTimeCaption')}
        />
      </div>
      <TypeDistribution types={r.typeDistribution} />
    </div>
  );
}
