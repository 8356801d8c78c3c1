// One visit of the grid: the status symbol (tick, circle, cross, exclamation, 'S' or a dash) and, under
// it, the visit's date in the browser's locale.
import type { InclusionRow } from '@ctp/contracts';
import { formatDate } from '@/lib/format';
import { VisitStatusIcon } from '@/features/data-entry/visit-status-icon';

export function VisitCell({ visit }: { visit: InclusionRow['d0Visit'] }) {
  return (
    <td className="px-2 py-2 text-center align-middle">
      <div className="flex flex-col items-center gap-0.5">
        <VisitStatusIcon status={visit.status} />
        {visit.date && <span className="text-[11px] leading-none text-muted-foreground tabular-nums">{formatDate(visit.date)}</span>}
      </div>
    </td>
  );
}
