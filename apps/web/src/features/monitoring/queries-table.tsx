// The data queries of the page, one row each, and the skeleton rows shown while they load.
import { useTranslation } from 'react-i18next';
import { SKELETONS, type QueryRow } from '@ctp/contracts';
import { Skeleton } from '@/components/ui/skeleton';
import { QueryTableRow } from './query-table-row';

const COLUMNS = ['query', 'subject', 'study', 'form', 'type', 'priority', 'status', 'raised', 'due'] as const;

export function QueriesTable({ rows, busy }: { rows: QueryRow[]; busy: boolean }) {
  const { t } = useTranslation('monitoring');
  return (
    <div className="overflow-x-auto rounded-xl border border-border bg-white shadow-sm">
      <table aria-label={t('queries.tableLabel')} aria-busy={busy} data-testid="monitoring-queries" className="w-full min-w-[64rem] text-sm">
        <thead className="border-b border-border bg-muted/50 text-xs font-medium text-muted-foreground">
          <tr>
            {COLUMNS.map((c) => (
              <th key={c} scope="col" className="px-3 py-2 text-left">
                {t(`queries.columns.${c}`)}
              </th>
            ))}
            <th scope="col" className="px-3 py-2 text-right">
              <span className="sr-only">{t('queries.columns.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <QueryTableRow key={row.id} row={row} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** SKELETONS.monitoring (3) placeholders while a list loads. */
export function MonitoringSkeleton({ testId, label }: { testId: string; label: string }) {
  return (
    <div data-testid={testId} aria-busy="true" className="grid gap-2 rounded-xl border border-border bg-white p-4 shadow-sm">
      <span className="sr-only">{label}</span>
      {Array.from({ length: SKELETONS.monitoring }, (_, i) => (
        <Skeleton key={i} className="h-14 w-full" />
      ))}
    </div>
  );
}
