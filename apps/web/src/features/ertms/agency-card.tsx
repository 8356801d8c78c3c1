// One agency of the By Agency tab: its submissions by status (a stacked bar and the counts), overdue,
// success rate and median review days, and a link to its submissions.
import { useTranslation } from 'react-i18next';
import { ArrowRight } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { StatusBadge } from '@/components/ui/status-badge';
import { formatFigure, formatNumber } from '@/lib/format';
import { useErtmsLabels } from './use-ertms-labels';
import type { AgencyFigures } from './types';

const ORDER = ['draft', 'submitted', 'pending', 'approved', 'rejected'] as const;
const BAR: Record<(typeof ORDER)[number], string> = {
  draft: 'bg-slate-300',
  submitted: 'bg-blue-400',
  pending: 'bg-orange-400',
  approved: 'bg-green-500',
  rejected: 'bg-red-500',
};

export function AgencyCard({ figures: a, onShow }: { figures: AgencyFigures; onShow: (agency: string) => void }) {
  const { t } = useTranslation('ertms');
  const { agencyName } = useErtmsLabels();
  return (
    <Card data-testid="agency-card" data-agency={a.agency} className="flex flex-col">
      <CardHeader className="pb-3">
        <div className="flex items-baseline justify-between gap-2">
          <CardTitle>{agencyName(a.agency)}</CardTitle>
          <span className="text-sm text-muted-foreground" data-testid="agency-total">
            {t('agency.total', { count: a.total, value: formatNumber(a.total) })}
          </span>
        </div>
      </CardHeader>
      <CardContent className="grid flex-1 gap-4">
        <div className="flex h-2 overflow-hidden rounded-full bg-slate-100" aria-hidden>
          {a.total > 0 && ORDER.map((s) => <div key={s} className={BAR[s]} style={{ width: `${(a.byStatus[s] / a.total) * 100}%` }} />)}
        </div>
        <ul className="grid grid-cols-2 gap-x-4 gap-y-1.5 text-sm">
          {ORDER.map((s) => (
            <li key={s} className="flex items-center justify-between gap-2" data-testid={`agency-${s}`}>
              <StatusBadge status={s} />
              <span className="tabular-nums">{formatNumber(a.byStatus[s])}</span>
            </li>
          ))}
        </ul>
        <dl className="grid grid-cols-3 gap-2 border-t border-border pt-3 text-center">
          <div>
            <dt className="text-xs text-muted-foreground">{t('agency.overdue')}</dt>
            <dd className={`text-lg font-semibold tabular-nums ${a.overdue ? 'text-red-600' : ''}`} data-testid="agency-overdue">
              {formatNumber(a.overdue)}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-muted-foreground">{t('agency.successRate')}</dt>
            <dd className="text-lg font-semibold tabular-nums" data-testid="agency-success">
              {a.successRate === null ? '—' : `${formatFigure(a.successRate)}%`}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-muted-foreground">{t('agency.medianReview')}</dt>
            <dd className="text-lg font-semibold tabular-nums" data-testid="agency-median">
              {a.medianReviewDays === null ? '—' : t('reports.days', { count: a.medianReviewDays, value: formatFigure(a.medianReviewDays) })}
            </dd>
          </div>
        </dl>
      </CardContent>
      <CardFooter className="justify-end">
        <Button variant="ghost" size="sm" disabled={a.total === 0} onClick={() => onShow(a.agency)}>
          {t('agency.show')} <ArrowRight aria-hidden />
        </Button>
      </CardFooter>
    </Card>
  );
}
