// Reports: per agency, decided submissions (approved / rejected), success rate and median review time.
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatFigure, formatNumber } from '@/lib/format';
import { useErtmsLabels } from './use-ertms-labels';
import type { AgencyFigures } from './types';

export function AgencyReviewTable({ agencies }: { agencies: AgencyFigures[] }) {
  const { t } = useTranslation('ertms');
  const { agencyName } = useErtmsLabels();
  const columns = ['agency', 'approved', 'rejected', 'successRate', 'medianReview', 'open'] as const;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('reports.perAgency')}</CardTitle>
      </CardHeader>
      <CardContent className="overflow-x-auto">
        <table className="w-full min-w-[36rem] text-sm" data-testid="agency-review-table">
          <thead className="border-b border-border text-xs text-muted-foreground">
            <tr>
              {columns.map((c) => (
                <th key={c} scope="col" className={`px-2 py-2 ${c === 'agency' ? 'text-left' : 'text-right'}`}>
                  {t(`reports.columns.${c}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {agencies.map((a) => (
              <tr key={a.agency} className="border-b border-border last:border-0" data-agency={a.agency}>
                <th scope="row" className="px-2 py-2 text-left font-medium">
                  {agencyName(a.agency)}
                </th>
                <td className="px-2 py-2 text-right tabular-nums">{formatNumber(a.byStatus.approved)}</td>
                <td className="px-2 py-2 text-right tabular-nums">{formatNumber(a.byStatus.rejected)}</td>
                <td className="px-2 py-2 text-right tabular-nums">{a.successRate === null ? '—' : `${formatFigure(a.successRate)}%`}</td>
                <td className="px-2 py-2 text-right tabular-nums">
                  {a.medianReviewDays === null ? '—' : t('reports.days', { count: a.medianReviewDays, value: formatFigure(a.medianReviewDays) })}
                </td>
                <td className="px-2 py-2 text-right tabular-nums">{formatNumber(a.byStatus.draft + a.byStatus.submitted + a.byStatus.pending)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </CardContent>
    </Card>
  );
}
