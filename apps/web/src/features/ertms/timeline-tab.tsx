// Timeline: the submissions (those of the current filters, the 200 most recent) on a horizontal time
// axis, one row each, with month ticks, today's line and a legend.
import { useTranslation } from 'react-i18next';
import type { SubmissionFilterInput } from '@ctp/contracts';
import { trpc } from '@/lib/trpc';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { TimelineLegend } from './timeline-legend';
import { TimelineRow } from './timeline-row';
import { tickLabel, timeScale } from './timeline-scale';

export function TimelineTab({ filter, onView }: { filter: SubmissionFilterInput; onView: (id: number) => void }) {
  const { t } = useTranslation('ertms');
  const timeline = trpc.ertms.timeline.useQuery(filter);
  if (timeline.isPending) return <Skeleton className="h-96" aria-busy="true" />;
  if (timeline.error) return <ErrorState message={timeline.error.message} />;
  const { items, today, total } = timeline.data;
  if (items.length === 0) return <EmptyState title={t('empty.title')} description={t('timeline.empty')} />;
  const scale = timeScale(items, today);
  const todayAt = scale.at(today);
  return (
    <Card data-testid="ertms-timeline">
      <CardHeader className="gap-3">
        <CardTitle>{t('timeline.title')}</CardTitle>
        <p className="text-sm text-muted-foreground">{total > items.length ? t('timeline.capped', { shown: items.length, count: total }) : t('timeline.count', { count: total })}</p>
        <TimelineLegend />
      </CardHeader>
      <CardContent className="overflow-x-auto">
        <div className="min-w-[48rem]">
          <div className="grid grid-cols-[minmax(0,14rem)_1fr] gap-3 border-b border-border pb-1 text-[11px] text-muted-foreground">
            <span>{t('timeline.submission')}</span>
            <div className="relative h-4" aria-hidden>
              {scale.ticks.map((tick) => (
                <span key={tick.iso} className="absolute -translate-x-1/2 whitespace-nowrap" style={{ left: `${tick.at}%` }}>
                  {tickLabel(tick.iso)}
                </span>
              ))}
            </div>
          </div>
          <div className="relative">
            <div className="pointer-events-none absolute inset-y-0 left-0 right-0 grid grid-cols-[minmax(0,14rem)_1fr] gap-3" aria-hidden>
              <span />
              <div className="relative">
                {scale.ticks.map((tick) => (
                  <span key={tick.iso} className="absolute inset-y-0 border-l border-slate-100" style={{ left: `${tick.at}%` }} />
                ))}
                <span className="absolute inset-y-0 border-l-2 border-dashed border-primary" style={{ left: `${todayAt}%` }} data-testid="timeline-today" />
              </div>
            </div>
            <ol className="relative divide-y divide-slate-100">
              {items.map((item) => (
                <TimelineRow key={item.id} item={item} scale={scale} today={today} onView={onView} />
              ))}
            </ol>
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
