// What the Timeline's colours and marks mean.
import { useTranslation } from 'react-i18next';
import { PHASE_CLASS, MARKER_CLASS } from './timeline-colors';

export function TimelineLegend() {
  const { t } = useTranslation('ertms');
  const bars = (['draft', 'submitted', 'pending'] as const).map((p) => ({ key: p, className: `h-2.5 w-6 rounded-sm ${PHASE_CLASS[p]}` }));
  const marks = (['draft', 'approved', 'rejected'] as const).map((p) => ({ key: p, className: `h-3 w-3 rounded-full ${MARKER_CLASS[p]}` }));
  return (
    <ul className="flex flex-wrap items-center gap-x-5 gap-y-2 text-xs text-muted-foreground" aria-label={t('timeline.legend')} data-testid="timeline-legend">
      {bars.map((item) => (
        <li key={item.key} className="flex items-center gap-1.5">
          <span className={item.className} aria-hidden />
          {t(`timeline.keys.${item.key}`)}
        </li>
      ))}
      {marks.map((item) => (
        <li key={`mark-${item.key}`} className="flex items-center gap-1.5">
          <span className={item.className} aria-hidden />
          {t(`timeline.marks.${item.key}`)}
        </li>
      ))}
      <li className="flex items-center gap-1.5">
        <span className="h-3 w-0.5 bg-red-600" aria-hidden />
        {t('timeline.keys.due')}
      </li>
      <li className="flex items-center gap-1.5">
        <span className="h-3 border-l-2 border-dashed border-primary" aria-hidden />
        {t('timeline.keys.today')}
      </li>
    </ul>
  );
}
