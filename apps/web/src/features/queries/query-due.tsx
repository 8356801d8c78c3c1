// A query's due date; a live query past it reads "Overdue" in red.
import { useTranslation } from 'react-i18next';
import { AlertCircle } from 'lucide-react';
import type { QueryRow } from '@ctp/contracts';
import { formatDate } from '@/lib/format';

export function QueryDue({ row }: { row: Pick<QueryRow, 'dueDate' | 'overdue'> }) {
  const { t } = useTranslation('queries');
  if (!row.overdue) return <span className="whitespace-nowrap tabular-nums">{formatDate(row.dueDate)}</span>;
  return (
    <span className="flex flex-col whitespace-nowrap font-medium text-red-600" data-testid="query-overdue">
      <span className="flex items-center gap-1">
        <AlertCircle className="h-3.5 w-3.5" aria-hidden /> {t('table.overdue')}
      </span>
      <span className="text-xs tabular-nums">{formatDate(row.dueDate)}</span>
    </span>
  );
}
