// Every version of a document, newest first: label, file, size, who uploaded it and when, who approved
// it, its expiry, comment and SHA-256, each downloadable.
import { useTranslation } from 'react-i18next';
import { Download } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { formatDate, formatDateTime } from '@/lib/format';
import type { DocumentDetail } from './document-actions';
import { useFormatBytes } from './format-bytes';

export function DocumentVersions({ doc }: { doc: DocumentDetail }) {
  const { t } = useTranslation('etmf');
  const bytes = useFormatBytes();
  return (
    <section className="grid gap-2" aria-labelledby="etmf-versions-heading">
      <h3 id="etmf-versions-heading" className="text-sm font-semibold">
        {t('details.versions')}
      </h3>
      <ol className="grid gap-2" data-testid="etmf-versions">
        {doc.versions.map((v) => (
          <li key={v.id} data-testid="etmf-version" className="grid gap-1 rounded-md border border-border px-3 py-2 text-sm">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-medium">{t('details.versionLabel', { version: v.versionLabel })}</span>
                {v.seq === doc.versionCount && <Badge tone="primary">{t('details.current')}</Badge>}
                {v.approvedAt && <Badge tone="success">{t('details.approvedBy', { name: v.approvedBy ?? '—', date: formatDate(v.approvedAt) })}</Badge>}
              </div>
              <a href={v.filePath} download={v.fileName} className="inline-flex items-center gap-1 text-xs font-medium text-primary hover:underline" aria-label={t('details.downloadVersion', { version: v.versionLabel })}>
                <Download className="h-3.5 w-3.5" aria-hidden /> {t('actions.download')}
              </a>
            </div>
            <div className="text-xs text-muted-foreground">
              {v.fileName} · {bytes(v.size)} · {t('details.uploadedBy', { name: v.uploadedBy ?? '—', date: formatDateTime(v.uploadedAt) })}
              {v.expiryDate && ` · ${t('details.expires', { date: formatDate(v.expiryDate) })}`}
            </div>
            {v.comment && <p className="whitespace-pre-wrap break-words text-xs">{v.comment}</p>}
            <code className="truncate text-[11px] text-muted-foreground" title={v.sha256}>
              SHA-256 {v.sha256}
            </code>
          </li>
        ))}
      </ol>
    </section>
  );
}
