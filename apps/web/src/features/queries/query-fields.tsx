// A query's fields as the details dialog lists them.
import { useTranslation } from 'react-i18next';
import type { QueryRow } from '@ctp/contracts';
import { formatDate, formatDateTime } from '@/lib/format';
import { QueryDue } from './query-due';
import { QueryPriorityBadge } from './query-priority-badge';
import { QueryProgress } from './query-progress';
import { QueryKindLabel, QueryStatusBadge } from './query-status-badge';
import { queryDescription } from '@/features/queries/query-text';

export function QueryFields({ row }: { row: QueryRow }) {
  const { t } = useTranslation('queries');
  const none = '—';
  const fields: [string, React.ReactNode][] = [
    ['status', <QueryStatusBadge key="s" lifecycle={row.lifecycle} />],
    ['priority', <QueryPriorityBadge key="p" priority={row.priority} />],
    ['type', <QueryKindLabel key="k" kind={row.kind} />],
    ['progress', <QueryProgress key="g" value={row.progress} code={row.queryId} />],
    ['study', row.studyId],
    ['center', row.center],
    ['subject', row.patientId],
    ['investigator', row.investigator ?? none],
    ['form', row.formName ?? none],
    ['field', row.field ?? none],
    ['origin', t(`origin.${row.origin}`)],
    ['raisedBy', row.raisedBy ?? t('details.system')],
    ['raised', formatDateTime(row.startDate)],
    ['assignedTo', row.assignedTo ?? none],
    ['due', <QueryDue key="d" row={row} />],
    ['resolved', row.resolvedAt ? formatDate(row.resolvedAt) : none],
  ];
  return (
    <div className="grid gap-3">
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3" data-testid="query-fields">
        {fields.map(([key, value]) => (
          <div key={key} className="grid min-w-0 gap-0.5">
            <dt className="text-xs text-muted-foreground">{t(`details.fields.${key}`)}</dt>
            <dd className="min-w-0 break-words">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="grid gap-0.5 text-sm">
        <span className="text-xs text-muted-foreground">{t('details.fields.description')}</span>
        <p className="whitespace-pre-wrap break-words" data-testid="query-description">
          {queryDescription(row)}
        </p>
      </div>
    </div>
  );
}
