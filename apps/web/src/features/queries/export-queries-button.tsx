// Export: the server writes every query the list's filters select as CSV (queries.exportCsv), saved here.
import { useTranslation } from 'react-i18next';
import { Download } from 'lucide-react';
import type { QueryFilterInput } from '@ctp/contracts';
import { trpc } from '@/lib/trpc';
import { downloadText } from '@/lib/format';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';

export function ExportQueriesButton({ filter }: { filter: QueryFilterInput }) {
  const { t } = useTranslation('queries');
  const exportCsv = trpc.queries.exportCsv.useMutation({
    onSuccess: (file) => {
      downloadText(file.filename, file.contentType, file.content);
      toast({ title: t('export.success'), description: t('export.successText', { count: file.rows, filename: file.filename }) });
    },
    onError: (error) => toast({ variant: 'destructive', title: t('export.failed'), description: error.message }),
  });
  return (
    <Button variant="outline" disabled={exportCsv.isPending} onClick={() => exportCsv.mutate(filter)}>
      <Download aria-hidden /> {exportCsv.isPending ? t('actions.exporting') : t('actions.export')}
    </Button>
  );
}
