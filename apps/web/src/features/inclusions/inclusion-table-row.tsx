// A subject of the inclusions list: its checkbox, code (with site), the visit grid and a link to its
// visits and forms in data entry and to its casebook.
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { BookOpen, ChevronRight } from 'lucide-react';
import { INCLUSION_VISITS, type InclusionRow } from '@ctp/contracts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { VisitCell } from './visit-cell';

export function InclusionTableRow({
  row,
  studyId,
  selected,
  onToggle,
}: {
  row: InclusionRow;
  studyId: number;
  selected: boolean;
  onToggle: () => void;
}) {
  const { t } = useTranslation('inclusions');
  return (
    <tr
      data-testid="inclusion-row"
      data-patient-id={row.patientId}
      data-selected={selected || undefined}
      className="border-b border-border last:border-0 hover:bg-muted/40 data-[selected]:bg-blue-50/60"
    >
      <td className="w-10 px-3 py-2">
        <input
          type="checkbox"
          className="h-4 w-4 accent-primary"
          checked={selected}
          onChange={onToggle}
          aria-label={t('selection.selectRow', { code: row.patientId })}
        />
      </td>
      <th scope="row" className="px-3 py-2 text-left align-middle font-medium">
        <div className="flex items-center gap-2">
          {row.patientId}
          {row.archivedAt && <Badge>{t('table.archived')}</Badge>}
        </div>
        <div className="text-xs font-normal text-muted-foreground">{row.siteName}</div>
      </th>
      {INCLUSION_VISITS.map(([key]) => (
        <VisitCell key={key} visit={row[key]} />
      ))}
      <td className="whitespace-nowrap px-3 py-2 text-right">
        <Button asChild variant="ghost" size="sm">
          <Link to={`/casebook/${row.id}`} aria-label={t('actions.casebookSubject', { code: row.patientId })}>
            <BookOpen aria-hidden /> {t('actions.casebook')}
          </Link>
        </Button>
        <Button asChild variant="ghost" size="sm">
          <Link to={`/data-entry?study=${studyId}&patient=${row.id}`} aria-label={t('actions.openSubject', { code: row.patientId })}>
            {t('actions.open')} <ChevronRight aria-hidden />
          </Link>
        </Button>
      </td>
    </tr>
  );
}
