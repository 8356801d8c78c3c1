// The inclusions grid: select-all and per-row checkboxes, ID, the seven visit columns and Actions.
import { useTranslation } from 'react-i18next';
import { INCLUSION_VISITS, type InclusionRow } from '@ctp/contracts';
import type { Selection } from './use-selection';
import { InclusionTableRow } from './inclusion-table-row';

export function InclusionsTable({ rows, studyId, selection }: { rows: InclusionRow[]; studyId: number; selection: Selection }) {
  const { t } = useTranslation('inclusions');
  return (
    <div className="overflow-x-auto rounded-xl border border-border bg-white shadow-sm">
      <table aria-label={t('table.label')} data-testid="inclusions-table" className="w-full min-w-[56rem] text-sm">
        <thead className="border-b border-border bg-muted/50 text-xs font-medium text-muted-foreground">
          <tr>
            <th scope="col" className="w-10 px-3 py-2 text-left">
              <input
                type="checkbox"
                className="h-4 w-4 accent-primary"
                checked={selection.all}
                ref={(el) => {
                  if (el) el.indeterminate = selection.partial;
                }}
                onChange={selection.toggleAll}
                aria-label={t('selection.selectAll')}
              />
            </th>
            <th scope="col" className="px-3 py-2 text-left">
              {t('table.id')}
            </th>
            {INCLUSION_VISITS.map(([key]) => (
              <th key={key} scope="col" className="px-2 py-2 text-center">
                {t(`table.${key}`)}
              </th>
            ))}
            <th scope="col" className="px-3 py-2 text-right">
              {t('table.actions')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <InclusionTableRow
              key={row.id}
              row={row}
              studyId={studyId}
              selected={selection.isSelected(row.id)}
              onToggle={() => selection.toggleRow(row.id)}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}
