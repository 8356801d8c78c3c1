// Export of the inclusions list: the server streams the CSV (GET /api/studies/{id}/inclusions.csv) and
// it is saved here under the server's file name.
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import type { InclusionFilter } from './use-inclusion-params';
import { downloadFromServer } from '@/lib/server-download';
import { toast } from '@/components/ui/use-toast';

/** What an export covers: the filter and every match, or the ticked subjects. */
export type InclusionExport = InclusionFilter & { selection: { all: true } | { ids: number[] } };

export function useInclusionExport() {
  const { t } = useTranslation('inclusions');
  return useMutation({
    mutationFn: ({ studyId, search, archived, selection }: InclusionExport) =>
      downloadFromServer(`/studies/${studyId}/inclusions.csv`, { search, archived: archived || undefined, ids: 'ids' in selection ? selection.ids : undefined }, 'inclusions.csv'),
    onSuccess: (filename) => toast({ title: t('export.success'), description: t('export.savedText', { filename }) }),
    onError: (error) => toast({ variant: 'destructive', title: t('export.failed'), description: error.message }),
  });
}
