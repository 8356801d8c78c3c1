// The All Documents table: document (name, code, file), TMF artifact, study and site, version, status, review,
// last modified, size and the row menu.
import { useTranslation } from 'react-i18next';
import type { DocumentPermissions, DocumentRow, OnDocumentAction } from './document-actions';
import { DocumentTableRow } from './document-table-row';

const COLUMNS = ['name', 'artifact', 'study', 'version', 'status', 'review', 'lastModified', 'size'] as const;

export function DocumentsTable({
  rows,
  can,
  busy,
  onAction,
}: {
  rows: DocumentRow[];
  can: DocumentPermissions;
  busy?: boolean;
  onAction: OnDocumentAction;
}) {
  const { t } = useTranslation('etmf');
  return (
    <div className="overflow-x-auto rounded-xl border border-border bg-white shadow-sm">
      <table aria-label={t('table.label')} aria-busy={busy || undefined} data-testid="etmf-table" className="w-full min-w-[56rem] text-sm">
        <thead className="border-b border-border bg-muted/50 text-xs font-medium text-muted-foreground">
          <tr>
            {COLUMNS.map((c) => (
              <th key={c} scope="col" className={c === 'size' ? 'whitespace-nowrap px-3 py-2 text-right' : 'whitespace-nowrap px-3 py-2 text-left'}>
                {t(`table.${c}`)}
              </th>
            ))}
            <th scope="col" className="sticky right-0 bg-slate-50 px-1 py-2 text-right shadow-[-6px_0_6px_-6px_rgba(0,0,0,0.2)]">
              <span className="sr-only">{t('table.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <DocumentTableRow key={row.id} row={row} can={can} onAction={onAction} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
