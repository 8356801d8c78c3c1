// One query of the All Queries table.
import type { QueryRow } from '@ctp/contracts';
import { formatDate, formatDateTime } from '@/lib/format';
import type { OnQueryAction, QueryPermissions } from './query-actions';
import { QueryDue } from './query-due';
import { QueryPriorityBadge } from './query-priority-badge';
import { QueryProgress } from './query-progress';
import { QueryRowMenu } from './query-row-menu';
import { QueryKindLabel, QueryStatusBadge } from './query-status-badge';

export function QueryTableRow({ row, can, onAction }: { row: QueryRow; can: QueryPermissions; onAction: OnQueryAction }) {
  return (
    <tr
      data-testid="query-row"
      data-query-id={row.queryId}
      data-status={row.lifecycle}
      data-type={row.kind}
      className="border-b border-border align-middle last:border-0 hover:bg-muted/40"
    >
      <th scope="row" className="whitespace-nowrap px-3 py-2 text-left font-medium">
        <button type="button" className="font-mono text-xs text-primary hover:underline" onClick={() => onAction('view', row)}>
          {row.queryId}
        </button>
        {row.formName && (
          <div className="max-w-40 truncate text-xs font-normal text-muted-foreground" title={row.field ? `${row.formName} · ${row.field}` : row.formName}>
            {row.formName}
            {row.field && ` · ${row.field}`}
          </div>
        )}
      </th>
      <td className="whitespace-nowrap px-3 py-2">{row.patientId}</td>
      <td className="whitespace-nowrap px-3 py-2">{row.studyId}</td>
      <td className="max-w-28 truncate px-3 py-2" title={row.center}>
        {row.center}
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
        <QueryProgress value={row.progress} code={row.queryId} />
      </td>
      <td className="px-3 py-2">
        <QueryDue row={row} />
      </td>
      <td className="px-3 py-2 text-xs text-muted-foreground" title={formatDateTime(row.lastUpdated)}>
        <div className="whitespace-nowrap tabular-nums">{formatDate(row.lastUpdated)}</div>
        {row.updatedBy && <div className="max-w-28 truncate">{row.updatedBy}</div>}
      </td>
      <td className="sticky right-0 shadow-[-6px_0_6px_-6px_rgba(0,0,0,0.2)] bg-white px-1 py-2 text-right">
        <QueryRowMenu row={row} can={can} onAction={onAction} />
      </td>
    </tr>
  );
}
