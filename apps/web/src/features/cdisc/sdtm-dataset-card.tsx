// An SDTM dataset of the last run: code, label, record count, when it was generated; Preview, Export SAS
// (the .xpt), and the CSV and Dataset-JSON files.
import { useTranslation } from 'react-i18next';
import { Eye, FileDown } from 'lucide-react';
import type { SdtmDataset } from '@ctp/contracts';
import { formatDateTime, formatNumber } from '@/lib/format';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';

export const sdtmFileUrl = (runId: number, domain: string, format: 'xpt' | 'csv' | 'json') => `/api/cdisc/sdtm/${runId}/${domain.toLowerCase()}.${format}`;

export function SdtmDatasetCard({ runId, dataset, onPreview }: { runId: number; dataset: SdtmDataset; onPreview: (d: SdtmDataset) => void }) {
  const { t } = useTranslation('sdtm');
  return (
    <Card className="flex h-full flex-col" data-testid="sdtm-dataset-card" data-domain={dataset.domain}>
      <CardHeader className="gap-1">
        <span className="font-mono text-lg font-semibold">{dataset.domain}</span>
        <CardTitle className="leading-snug">{dataset.label}</CardTitle>
      </CardHeader>
      <CardContent className="grid flex-1 content-start gap-2 text-sm">
        <dl className="grid grid-cols-2 gap-2">
          <div>
            <dt className="text-xs text-muted-foreground">{t('card.records')}</dt>
            <dd className="font-semibold tabular-nums" data-testid="sdtm-dataset-records">
              {formatNumber(dataset.records)}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-muted-foreground">{t('card.generated')}</dt>
            <dd>{formatDateTime(dataset.generatedAt)}</dd>
          </div>
        </dl>
        <div className="flex gap-3 text-xs">
          <a className="text-primary underline-offset-2 hover:underline" href={sdtmFileUrl(runId, dataset.domain, 'csv')} download>
            CSV
          </a>
          <a className="text-primary underline-offset-2 hover:underline" href={sdtmFileUrl(runId, dataset.domain, 'json')} download>
            Dataset-JSON
          </a>
        </div>
      </CardContent>
      <CardFooter className="gap-2">
        <Button variant="outline" size="sm" className="flex-1" onClick={() => onPreview(dataset)}>
          <Eye aria-hidden /> {t('card.preview')}
        </Button>
        <Button variant="outline" size="sm" className="flex-1" asChild>
          <a href={sdtmFileUrl(runId, dataset.domain, 'xpt')} download data-testid="sdtm-export-sas">
            <FileDown aria-hidden /> {t('card.exportSas')}
          </a>
        </Button>
      </CardFooter>
    </Card>
  );
}
