// The selection's count and its actions: Export (CSV of the selected subjects) and Archive (with a
// reason; for roles that change subjects' status). Both disabled while nothing is selected.
import { useTranslation } from 'react-i18next';
import { Archive, Download } from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { Selection } from './use-selection';
import type { InclusionFilter } from './use-inclusion-params';
import { useInclusionExport } from './use-inclusion-export';

export function SelectionBar({
  filter,
  selection,
  canExport,
  canArchive,
  onArchive,
}: {
  filter: InclusionFilter;
  selection: Selection;
  canExport: boolean;
  canArchive: boolean;
  onArchive: () => void;
}) {
  const { t } = useTranslation('inclusions');
  const exportCsv = useInclusionExport();
  const { payload } = selection;
  return (
    <div role="toolbar" aria-label={t('selection.label')} data-testid="selection-bar" className="flex flex-wrap items-center gap-2">
      <span data-testid="selected-count" aria-live="polite" className="min-w-20 text-sm font-medium tabular-nums">
        {t('selection.count', { count: selection.count })}
      </span>
      {canExport && (
        <Button
          variant="outline"
          size="sm"
          disabled={!payload || exportCsv.isPending}
          onClick={() => payload && exportCsv.mutate({ ...filter, selection: payload })}
          aria-label={t('actions.exportSelected')}
        >
          <Download aria-hidden /> {exportCsv.isPending ? t('actions.exporting') : t('actions.export')}
        </Button>
      )}
      {canArchive && (
        <Button variant="outline" size="sm" disabled={!payload} onClick={onArchive} aria-label={t('actions.archiveSelected')}>
          <Archive aria-hidden /> {t('actions.archive')}
        </Button>
      )}
    </div>
  );
}
