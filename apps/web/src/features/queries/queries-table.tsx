// The All Queries table: Query ID, Subject, Study, Center, Type, Priority, Status, Progress, Due, Last
// updated and the row menu.
import { useTranslation } from 'react-i18next';
import type { QueryRow } from '@ctp/contracts';
import type { OnQueryAction, QueryPermissions } from './query-actions';
import { QueryTableRow } from './query-table-row';

const COLUMNS = ['queryId', 'subject', 'study', 'center', 'type', 'priority', 'status', 'progress', 'due', 'lastUpdated'] as const;

export function QueriesTable({
  rows,
  can,
  busy,
  onAction,
}: {
  rows: QueryRow[];
  can: QueryPermissions;
  busy?: boolean;
  onAction: OnQueryAction;
}) {
  const { t } = useTranslation('queries');
  return (
    <div className="overflow-x-auto rounded-xl border border-border bg-white shadow-sm">
      <table aria-label={t('table.label')} aria-busy={busy || undefined} data-testid="queries-table" className="w-full min-w-[60rem] text-sm">
        <thead className="border-b border-border bg-muted/50 text-xs font-medium text-muted-foreground">
          <tr>
            {COLUMNS.map((c) => (
              <th key={c} scope="col" className="px-3 py-2 text-left">
                {t(`table.${c}`)}
              </th>
            ))}
            <th scope="col" className="sticky right-0 shadow-[-6px_0_6px_-6px_rgba(0,0,0,0.2)] bg-slate-50 px-1 py-2 text-right">
              <span className="sr-only">{t('table.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <QueryTableRow key={row.id} row={row} can={can} onAction={onAction} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
