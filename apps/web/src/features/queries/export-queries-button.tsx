// Export: the server streams every query the list's filters select as CSV (GET /api/queries/export.csv),
// saved here under the server's file name.
import { useTranslation } from 'react-i18next';
import { Download } from 'lucide-react';
import { useMutation } from '@tanstack/react-query';
import type { QueryFilterInput } from '@ctp/contracts';
import { downloadFromServer } from '@/lib/server-download';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';

export function ExportQueriesButton({ filter }: { filter: QueryFilterInput }) {
  const { t } = useTranslation('queries');
  const exportCsv = useMutation({
    mutationFn: () => downloadFromServer('/queries/export.csv', { ...filter }, 'queries.csv'),
    onSuccess: (filename) => toast({ title: t('export.success'), description: t('export.savedText', { filename }) }),
    onError: (error) => toast({ variant: 'destructive', title: t('export.failed'), description: error.message }),
  });
  return (
    <Button variant="outline" disabled={exportCsv.isPending} onClick={() => exportCsv.mutate()}>
      <Download aria-hidden /> {exportCsv.isPending ? t('actions.exporting') : t('actions.export')}
    </Button>
  );
}
