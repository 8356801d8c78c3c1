// Export CSV: the server writes every expectation of the completeness report (study, site, artifact,
// state, document) as CSV (etmf.completenessCsv), saved here as a file.
import { useTranslation } from 'react-i18next';
import { Download } from 'lucide-react';
import { trpc } from '@/lib/trpc';
import { downloadText } from '@/lib/format';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';

export function ExportCompletenessButton({ studyId }: { studyId: number | undefined }) {
  const { t } = useTranslation('etmf');
  const exportCsv = trpc.etmf.completenessCsv.useMutation({
    onSuccess: (file) => {
      downloadText(file.filename, file.contentType, file.content);
      toast({ title: t('reports.exported'), description: file.filename });
    },
    onError: (error) => toast({ variant: 'destructive', title: t('reports.exportFailed'), description: error.message }),
  });
  return (
    <Button variant="outline" disabled={exportCsv.isPending} onClick={() => exportCsv.mutate({ studyId })}>
      <Download aria-hidden /> {exportCsv.isPending ? t('reports.exporting') : t('reports.export')}
    </Button>
  );
}
