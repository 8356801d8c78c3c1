// A document's metadata as the details dialog lists it.
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '@/components/ui/status-badge';
import { formatDate, formatDateTime } from '@/lib/format';
import type { DocumentDetail } from './document-actions';
import { useFormatBytes } from './format-bytes';

export function DocumentFields({ doc }: { doc: DocumentDetail }) {
  const { t } = useTranslation('etmf');
  const bytes = useFormatBytes();
  const fields: [string, React.ReactNode][] = [
    ['status', <StatusBadge key="s" status={doc.status} />],
    ['review', <StatusBadge key="r" status={doc.reviewStatus} />],
    ['approver', doc.approver ?? '—'],
    ['zone', doc.category],
    ['section', doc.section],
    ['artifact', `${doc.artifactNumber} ${doc.documentType}`],
    ['study', doc.studyId],
    ['site', doc.siteName ?? t('table.trialLevel')],
    ['version', t('details.versionOf', { version: doc.version, count: doc.versionCount })],
    ['file', doc.fileName],
    ['size', bytes(doc.size)],
    ['uploaded', formatDateTime(doc.uploadDate)],
    ['lastModified', formatDateTime(doc.lastModified)],
    ['expiry', doc.expiryDate ? formatDate(doc.expiryDate) : t('details.noExpiry')],
  ];
  return (
    <div className="grid gap-3">
      {doc.withdrawnReason && (
        <p role="note" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-700" data-testid="etmf-withdrawn-reason">
          {t('details.withdrawnReason', { reason: doc.withdrawnReason })}
        </p>
      )}
      {doc.expiringSoon && (
        <p role="note" className="rounded-md border border-orange-200 bg-orange-50 p-3 text-sm text-orange-800">
          {t('details.expiringSoon', { date: formatDate(doc.expiryDate) })}
        </p>
      )}
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3" data-testid="etmf-fields">
        {fields.map(([key, value]) => (
          <div key={key} className="grid min-w-0 gap-0.5">
            <dt className="text-xs text-muted-foreground">{t(`details.fields.${key}`)}</dt>
            <dd className="min-w-0 break-words">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
