// "Export USDM" on the study page: downloads the study as a CDISC USDM 4.0 document (GET /api/studies/{id}/usdm).
import { useTranslation } from 'react-i18next';
import { Download } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { exportUsdmUrl } from './import-usdm';

export function ExportUsdmButton({ studyId, code }: { studyId: number; code: string }) {
  const { t } = useTranslation('usdm');
  return (
    <Button variant="outline" asChild>
      <a href={exportUsdmUrl(studyId)} download={`${code}-usdm.json`} data-testid="export-usdm">
        <Download /> {t('export.button')}
      </a>
    </Button>
  );
}
