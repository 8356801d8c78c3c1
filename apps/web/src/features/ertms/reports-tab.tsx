// Reports over the current filters: the success rate (approved / decided) with its formula, the decided
// counts, the median review time overall (and per agency) with its formula, and the open, overdue and
// due-within-30-days counts. Every figure is computed by the server from the submissions.
import { useTranslation } from 'react-i18next';
import { AlarmClock, CalendarClock, Gavel, Hourglass, Timer, TrendingUp } from 'lucide-react';
import type { SubmissionFilterInput } from '@ctp/contracts';
import { trpc } from '@/lib/trpc';
import { Skeleton } from '@/components/ui/skeleton';
import { ErrorState } from '@/components/ui/states';
import { formatFigure, formatNumber } from '@/lib/format';
import { AgencyReviewTable } from './agency-review-table';
import { ReportMetric } from '@/components/report-metric';

export function ReportsTab({ filter }: { filter: SubmissionFilterInput }) {
  const { t } = useTranslation('ertms');
  const reports = trpc.ertms.reports.useQuery(filter);
  if (reports.isPending) {
    return (
      <div className="grid gap-4 md:grid-cols-3" aria-busy="true">
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} className="h-32" />
        ))}
      </div>
    );
  }
  if (reports.error) return <ErrorState message={reports.error.message} />;
  const r = reports.data;
  return (
    <div className="grid gap-4" data-testid="ertms-reports">
      <div className="grid gap-4 md:grid-cols-3">
        <ReportMetric
          testId="report-success-rate"
          icon={TrendingUp}
          label={t('reports.successRate')}
          value={r.successRate === null ? '—' : `${formatFigure(r.successRate)}%`}
          caption={
            <>
              <p data-testid="report-success-formula">{t('reports.successFormula')}</p>
              <p>{r.decided ? t('reports.successFigures', { approved: formatNumber(r.approved), decided: formatNumber(r.decided) }) : t('reports.noDecisions')}</p>
            </>
          }
        />
        <ReportMetric
          testId="report-decided"
          icon={Gavel}
          label={t('reports.decided')}
          value={formatNumber(r.decided)}
          caption={t('reports.decidedCaption', { approved: formatNumber(r.approved), rejected: formatNumber(r.rejected) })}
        />
        <ReportMetric
          testId="report-median"
          icon={Timer}
          label={t('reports.medianReview')}
          value={r.medianReviewDays === null ? '—' : t('reports.days', { count: r.medianReviewDays, value: formatFigure(r.medianReviewDays) })}
          caption={t('reports.medianFormula')}
        />
        <ReportMetric testId="report-open" icon={Hourglass} label={t('reports.open')} value={formatNumber(r.open)} caption={t('reports.openCaption')} />
        <ReportMetric testId="report-overdue" icon={AlarmClock} label={t('reports.overdue')} value={formatNumber(r.overdue)} caption={t('reports.overdueCaption')} />
        <ReportMetric testId="report-due-soon" icon={CalendarClock} label={t('reports.dueSoon')} value={formatNumber(r.dueWithin30Days)} caption={t('reports.dueSoonCaption')} />
      </div>
      <AgencyReviewTable agencies={r.agencies} />
    </div>
  );
}
