// Export of a form's definition, produced by the server (forms.export) and saved as a file: CDISC ODM
// 1.3.2 XML or the CSV data dictionary.
import { useTranslation } from 'react-i18next';
import { Download } from 'lucide-react';
import { trpc } from '@/lib/trpc';
import { downloadText } from '@/lib/format';
import { translateValidation } from '@/lib/validation-messages';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';

export function FormExportButtons({ formId }: { formId: number }) {
  const { t } = useTranslation('forms');
  const { t: tv } = useTranslation();
  const exportForm = trpc.forms.export.useMutation({
    onSuccess: (file) => {
      downloadText(file.filename, file.contentType, file.content);
      toast({ title: t('export.ready'), description: file.filename });
    },
    onError: (error) =>
      toast({ variant: 'destructive', title: t('export.failed'), description: translateValidation(tv, error.message) }),
  });
  const pendingFormat = exportForm.isPending ? exportForm.variables?.format : undefined;
  return (
    <div className="mr-auto flex flex-wrap gap-2" role="group" aria-label={t('export.label')}>
      <Button
        type="button"
        variant="outline"
        disabled={exportForm.isPending}
        onClick={() => exportForm.mutate({ id: formId, format: 'odm' })}
      >
        <Download /> {pendingFormat === 'odm' ? t('export.exporting') : t('export.odm')}
      </Button>
      <Button
        type="button"
        variant="outline"
        disabled={exportForm.isPending}
        onClick={() => exportForm.mutate({ id: formId, format: 'csv' })}
      >
        <Download /> {pendingFormat === 'csv' ? t('export.exporting') : t('export.csv')}
      </Button>
    </div>
  );
}
