// A submission's clocks: days to its due date (or an Overdue label with how late it is) while the agency
// has not decided, and days under review since it was submitted (to the response date once decided).
import { useTranslation } from 'react-i18next';
import { AlarmClock, Timer } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import type { SubmissionRow } from './types';

export function SubmissionClocks({ row }: { row: Pick<SubmissionRow, 'daysToDue' | 'daysUnderReview' | 'overdue' | 'responseDate'> }) {
  const { t } = useTranslation('ertms');
  if (row.daysToDue === null && row.daysUnderReview === null && !row.overdue) return null;
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs" data-testid="submission-clocks">
      {row.overdue && (
        <Badge tone="danger" data-testid="overdue-label">
          {t('clocks.overdue')}
        </Badge>
      )}
      {row.daysToDue !== null && (
        <span className={`flex items-center gap-1 ${row.overdue ? 'text-red-700' : 'text-muted-foreground'}`} data-testid="days-to-due">
          <AlarmClock className="h-3.5 w-3.5" aria-hidden />
          {row.daysToDue < 0
            ? t('clocks.lateBy', { count: -row.daysToDue })
            : row.daysToDue === 0
              ? t('clocks.dueToday')
              : t('clocks.dueIn', { count: row.daysToDue })}
        </span>
      )}
      {row.daysUnderReview !== null && (
        <span className="flex items-center gap-1 text-muted-foreground" data-testid="days-under-review">
          <Timer className="h-3.5 w-3.5" aria-hidden />
          {row.responseDate ? t('clocks.reviewedIn', { count: row.daysUnderReview }) : t('clocks.underReview', { count: row.daysUnderReview })}
        </span>
      )}
    </div>
  );
}
