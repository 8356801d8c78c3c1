// The header's Export: every subject the current filter matches, on all pages.
import { useTranslation } from 'react-i18next';
import { Download } from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { InclusionFilter } from './use-inclusion-params';
import { useInclusionExport } from './use-inclusion-export';

export function ExportAllButton({ filter, disabled }: { filter: InclusionFilter | null; disabled?: boolean }) {
  const { t } = useTranslation('inclusions');
  const exportCsv = useInclusionExport();
  return (
    <Button
      variant="outline"
      disabled={!filter || disabled || exportCsv.isPending}
      onClick={() => filter && exportCsv.mutate({ ...filter, selection: { all: true } })}
    >
      <Download aria-hidden /> {exportCsv.isPending ? t('actions.exporting') : t('actions.export')}
    </Button>
  );
}
