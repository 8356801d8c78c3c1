// Four figures over the current filters: submissions, in progress (not yet decided), overdue and the
// success rate computed from the agencies' decisions (it replaces the fixed "87% success").
import { useTranslation } from 'react-i18next';
import { AlarmClock, FileStack, Hourglass, TrendingUp, type LucideIcon } from 'lucide-react';
import { Card, CardContent } from '@/components/ui/card';
import { formatFigure, formatNumber } from '@/lib/format';
import type { SubmissionReports } from './types';

function Tile({ icon: Icon, label, value, caption, tone, testId }: { icon: LucideIcon; label: string; value: string; caption: string; tone: string; testId: string }) {
  return (
    <Card data-testid={testId}>
      <CardContent className="flex items-start justify-between gap-3 pt-5">
        <div className="min-w-0">
          <p className="text-sm text-muted-foreground">{label}</p>
          <p className="text-2xl font-bold tabular-nums" data-testid={`${testId}-value`}>
            {value}
          </p>
          <p className="mt-1 text-xs text-muted-foreground">{caption}</p>
        </div>
        <Icon className={`h-8 w-8 shrink-0 ${tone}`} aria-hidden />
      </CardContent>
    </Card>
  );
}

export function ErtmsSummary({ reports }: { reports: SubmissionReports }) {
  const { t } = useTranslation('ertms');
  const total = reports.agencies.reduce((n, a) => n + a.total, 0);
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="ertms-summary">
      <Tile testId="ertms-total" icon={FileStack} tone="text-primary" label={t('summary.total')} value={formatNumber(total)} caption={t('summary.totalCaption')} />
      <Tile testId="ertms-open" icon={Hourglass} tone="text-orange-500" label={t('summary.open')} value={formatNumber(reports.open)} caption={t('summary.openCaption', { count: reports.dueWithin30Days })} />
      <Tile testId="ertms-overdue" icon={AlarmClock} tone="text-red-600" label={t('summary.overdue')} value={formatNumber(reports.overdue)} caption={t('summary.overdueCaption')} />
      <Tile
        testId="ertms-success"
        icon={TrendingUp}
        tone="text-green-600"
        label={t('summary.success')}
        value={reports.successRate === null ? '—' : `${formatFigure(reports.successRate)}%`}
        caption={t('summary.successCaption', { approved: formatNumber(reports.approved), decided: formatNumber(reports.decided) })}
      />
    </div>
  );
}
