// Export of the inclusions list: the server builds the CSV (inclusions.exportCsv) and it is saved here.
import { useTranslation } from 'react-i18next';
import { trpc } from '@/lib/trpc';
import { downloadText } from '@/lib/format';
import { toast } from '@/components/ui/use-toast';

export function useInclusionExport() {
  const { t } = useTranslation('inclusions');
  return trpc.inclusions.exportCsv.useMutation({
    onSuccess: (file) => {
      downloadText(file.filename, file.contentType, file.content);
      toast({ title: t('export.success'), description: t('export.successText', { count: file.rows, filename: file.filename }) });
    },
    onError: (error) => toast({ variant: 'destructive', title: t('export.failed'), description: error.message }),
  });
}
