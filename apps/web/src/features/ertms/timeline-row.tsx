// One submission on the time axis: its number and title, then a bar per phase (preparation, awaiting
// acknowledgement, under review; up to the response or today), a mark at each recorded step, and its due
// date.
import { useTranslation } from 'react-i18next';
import { ChevronsLeft, ChevronsRight } from 'lucide-react';
import { StatusBadge } from '@/components/ui/status-badge';
import { formatDate } from '@/lib/format';
import { MARKER_CLASS, PHASE_CLASS } from './timeline-colors';
import { phases, type TimeScale } from './timeline-scale';
import type { TimelineItem } from './types';

export function TimelineRow({ item, scale, today, onView }: { item: TimelineItem; scale: TimeScale; today: string; onView: (id: number) => void }) {
  const { t } = useTranslation('ertms');
  const { t: tc } = useTranslation('common');
  const steps = item.steps.map((s) => `${tc(`status.${s.toStatus}`, { defaultValue: s.toStatus })} ${formatDate(s.stepDate)}`);
  const summary = [...steps, item.dueDate ? t('timeline.dueOn', { date: formatDate(item.dueDate) }) : null].filter(Boolean).join(', ');
  return (
    <li className="grid grid-cols-[minmax(0,14rem)_1fr] items-center gap-3 py-1.5" data-testid="timeline-row" data-number={item.submissionNumber} data-status={item.status}>
      <div className="min-w-0">
        <button type="button" className="block max-w-full truncate text-left font-mono text-xs font-semibold text-primary hover:underline" onClick={() => onView(item.id)}>
          {item.submissionNumber}
        </button>
        <div className="flex min-w-0 items-center gap-1.5">
          <StatusBadge status={item.status} className="px-1.5 py-0 text-[10px]" />
          <span className="truncate text-xs text-muted-foreground" title={item.title}>
            {item.title}
          </span>
        </div>
      </div>
      <div className="relative h-6" role="img" aria-label={`${item.submissionNumber}: ${summary}`}>
        {phases(item, today).map((p) => {
          const left = scale.at(p.from);
          const width = Math.max(0.4, scale.at(p.to) - left);
          return (
            <div
              key={p.phase}
              className={`absolute top-2 h-2 rounded-sm ${PHASE_CLASS[p.phase]}`}
              style={{ left: `${left}%`, width: `${width}%` }}
              title={`${t(`timeline.keys.${p.phase}`)}: ${formatDate(p.from)} – ${formatDate(p.to)}`}
            />
          );
        })}
        {item.dueDate &&
          (scale.outside(item.dueDate) ? (
            // A due date off the axis: an arrow at the edge it lies beyond.
            <span
              className={`absolute top-0.5 text-red-600 ${scale.at(item.dueDate) > 50 ? 'right-0' : 'left-0'}`}
              title={t('timeline.dueOn', { date: formatDate(item.dueDate) })}
              data-testid="timeline-due"
            >
              {scale.at(item.dueDate) > 50 ? <ChevronsRight className="h-5 w-5" aria-hidden /> : <ChevronsLeft className="h-5 w-5" aria-hidden />}
            </span>
          ) : (
            <div
              className="absolute top-0.5 h-5 w-0.5 bg-red-600"
              style={{ left: `${scale.at(item.dueDate)}%` }}
              title={t('timeline.dueOn', { date: formatDate(item.dueDate) })}
              data-testid="timeline-due"
            />
          ))}
        {item.steps.map((s, i) => (
          <div
            key={`${s.toStatus}-${i}`}
            className={`absolute top-1.5 h-3 w-3 -translate-x-1/2 rounded-full border-2 border-white ${MARKER_CLASS[s.toStatus] ?? 'bg-slate-500'}`}
            style={{ left: `${scale.at(s.stepDate)}%` }}
            title={`${tc(`status.${s.toStatus}`, { defaultValue: s.toStatus })}: ${formatDate(s.stepDate)}`}
            data-testid="timeline-step"
            data-to={s.toStatus}
          />
        ))}
      </div>
    </li>
  );
}
