// One data query: its code and description, subject, study and center, form and field, type,
// priority, status (in the words the queries screen uses: one vocabulary), who raised it and when, the
// due date, and a link to it on the queries screen.
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ExternalLink } from 'lucide-react';
import type { QueryRow } from '@ctp/contracts';
import { formatDate } from '@/lib/format';
import { Button } from '@/components/ui/button';
import { QueryPriorityBadge } from '@/features/queries/query-priority-badge';
import { QueryKindLabel, QueryStatusBadge } from '@/features/queries/query-status-badge';
import { queryDescription } from '@/features/queries/query-text';

const muted = 'text-xs text-muted-foreground';

export function QueryTableRow({ row }: { row: QueryRow }) {
  const { t } = useTranslation('monitoring');
  return (
    <tr data-testid="monitoring-query-row" data-query-id={row.queryId} data-status={row.lifecycle} data-type={row.kind} className="border-b border-border align-top last:border-0 hover:bg-muted/40">
      <th scope="row" className="max-w-72 px-3 py-2 text-left font-medium">
        <span className="font-mono">{row.queryId}</span>
        <p className={`${muted} line-clamp-2 font-normal`} title={queryDescription(row)}>
          {queryDescription(row)}
        </p>
      </th>
      <td className="px-3 py-2 font-mono">{row.patientId}</td>
      <td className="px-3 py-2">
        {row.studyId}
        <p className={muted}>{row.center}</p>
      </td>
      <td className="px-3 py-2">
        {row.formName ?? '—'}
        {row.field && <p className={`${muted} font-mono`}>{row.field}</p>}
      </td>
      <td className="px-3 py-2">
        <QueryKindLabel kind={row.kind} />
      </td>
      <td className="px-3 py-2">
        <QueryPriorityBadge priority={row.priority} />
      </td>
      <td className="px-3 py-2">
        <QueryStatusBadge lifecycle={row.lifecycle} />
      </td>
      <td className="px-3 py-2">
        {row.raisedBy ?? t('queries.system')}
        <p className={muted}>{formatDate(row.startDate)}</p>
      </td>
      <td className="px-3 py-2">
        {row.resolvedAt ? (
          <span className={muted}>{t('queries.resolvedOn', { date: formatDate(row.resolvedAt) })}</span>
        ) : (
          <>
            {formatDate(row.dueDate)}
            {row.overdue && (
              <p className="text-xs font-medium text-red-600" data-testid="query-overdue">
                {t('queries.overdue')}
              </p>
            )}
          </>
        )}
      </td>
      <td className="px-3 py-2 text-right">
        <Button asChild variant="ghost" size="sm">
          <Link to={`/queries?q=${encodeURIComponent(row.queryId)}`}>
            {/* The visible words start the name (WCAG 2.5.3); the query's id tells the rows apart. */}
            {t('queries.open')} <span className="sr-only">({row.queryId})</span> <ExternalLink aria-hidden />
          </Link>
        </Button>
      </td>
    </tr>
  );
}
