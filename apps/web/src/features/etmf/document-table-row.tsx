// One document of the All Documents table.
import { useTranslation } from 'react-i18next';
import { AlarmClock } from 'lucide-react';
import { StatusBadge } from '@/components/ui/status-badge';
import { formatDate, formatDateTime } from '@/lib/format';
import type { DocumentPermissions, DocumentRow, OnDocumentAction } from './document-actions';
import { DocumentRowMenu } from './document-row-menu';
import { useFormatBytes } from './format-bytes';

export function DocumentTableRow({ row, can, onAction }: { row: DocumentRow; can: DocumentPermissions; onAction: OnDocumentAction }) {
  const { t } = useTranslation('etmf');
  const bytes = useFormatBytes();
  return (
    <tr
      data-testid="etmf-row"
      data-code={row.code}
      data-status={row.status}
      data-review={row.reviewStatus}
      className="border-b border-border align-middle last:border-0 hover:bg-muted/40"
    >
      <th scope="row" className="max-w-64 px-3 py-2 text-left font-normal">
        <div className="truncate font-medium" title={row.documentName}>
          {row.documentName}
        </div>
        <div className="flex min-w-0 items-center gap-1.5 text-xs text-muted-foreground">
          <button type="button" className="shrink-0 font-mono text-primary hover:underline" onClick={() => onAction('view', row)}>
            {row.code}
          </button>
          <span className="truncate" title={row.fileName}>
            {row.fileName}
          </span>
        </div>
      </th>
      <td className="max-w-44 px-3 py-2">
        <div className="font-mono text-xs">{row.artifactNumber}</div>
        <div className="truncate text-xs text-muted-foreground" title={`${row.category} · ${row.section}`}>
          {row.documentType}
        </div>
      </td>
      <td className="px-3 py-2">
        <div className="whitespace-nowrap">{row.studyId}</div>
        <div className="max-w-36 truncate text-xs text-muted-foreground" title={row.siteName ?? undefined}>
          {row.siteName ?? t('table.trialLevel')}
        </div>
      </td>
      <td className="whitespace-nowrap px-3 py-2">
        <div className="tabular-nums">{row.version}</div>
        {row.versionCount > 1 && <div className="text-xs text-muted-foreground">{t('table.versions', { count: row.versionCount })}</div>}
      </td>
      <td className="px-3 py-2">
        <StatusBadge status={row.status} />
        {row.expiringSoon && (
          <div className="mt-1 flex items-center gap-1 whitespace-nowrap text-xs text-orange-700" data-testid="etmf-expiring">
            <AlarmClock className="h-3 w-3" aria-hidden /> {t('table.expires', { date: formatDate(row.expiryDate) })}
          </div>
        )}
      </td>
      <td className="px-3 py-2">
        <StatusBadge status={row.reviewStatus} />
        {row.reviewStatus === 'in-review' && row.approver && (
          <div className="mt-1 max-w-32 truncate text-xs text-muted-foreground" title={row.approver}>
            {row.approverId === can.userId ? t('review.waitingForYou') : row.approver}
          </div>
        )}
      </td>
      <td className="whitespace-nowrap px-3 py-2 text-xs tabular-nums text-muted-foreground" title={formatDateTime(row.lastModified)}>
        {formatDate(row.lastModified)}
      </td>
      <td className="whitespace-nowrap px-3 py-2 text-right text-xs tabular-nums">{bytes(row.size)}</td>
      <td className="sticky right-0 bg-white px-1 py-2 text-right shadow-[-6px_0_6px_-6px_rgba(0,0,0,0.2)]">
        <DocumentRowMenu row={row} can={can} onAction={onAction} />
      </td>
    </tr>
  );
}
