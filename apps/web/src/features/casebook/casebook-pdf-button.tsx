// "Download PDF" on the casebook page: the subject's casebook as the server renders it
// (GET /api/patients/{id}/casebook.pdf), for whoever may open the page.
import { useTranslation } from 'react-i18next';
import { FileDown } from 'lucide-react';
import { Button } from '@/components/ui/button';

export function CasebookPdfButton({ patientId }: { patientId: number }) {
  const { t } = useTranslation('dataout');
  return (
    <Button asChild variant="outline">
      <a href={`/api/patients/${patientId}/casebook.pdf`} download data-testid="casebook-pdf">
        <FileDown aria-hidden /> {t('casebookPdf.button')}
      </a>
    </Button>
  );
}
