// A preview of the current version: a PDF in the browser's viewer (the file path with ?inline=1 in a
// frame), an image as an image; other kinds are downloaded.
import { useTranslation } from 'react-i18next';
import { FileText } from 'lucide-react';
import type { DocumentDetail } from './document-actions';

export function DocumentPreview({ doc }: { doc: DocumentDetail }) {
  const { t } = useTranslation('etmf');
  const src = `${doc.documentPath}?inline=1`;
  return (
    <section className="grid gap-2" aria-labelledby="etmf-preview-heading">
      <h3 id="etmf-preview-heading" className="text-sm font-semibold">
        {t('details.preview')}
      </h3>
      {doc.contentType === 'application/pdf' ? (
        <iframe title="Document preview" src={src} className="h-[28rem] w-full rounded-md border border-border bg-muted" data-testid="etmf-preview" />
      ) : doc.contentType === 'image/png' || doc.contentType === 'image/jpeg' ? (
        <img src={src} alt={t('details.previewAlt', { name: doc.documentName })} className="max-h-[28rem] rounded-md border border-border object-contain" data-testid="etmf-preview" />
      ) : (
        <p className="flex items-center gap-2 rounded-md border border-dashed border-border p-4 text-sm text-muted-foreground">
          <FileText className="h-4 w-4" aria-hidden /> {t('details.noPreview')}
        </p>
      )}
    </section>
  );
}
