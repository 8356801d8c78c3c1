// The audit trail's entries: an icon by action, the time, user, table, record (linked where it has a
// screen), field (tables and fields by readable names, the column in the tooltip), old → new value
// (shortened; the whole value on hover), reason and IP address.
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Activity, FileCheck, MessageSquareWarning, Pencil, type LucideIcon } from 'lucide-react';
import { formatDateTime } from '@/lib/format';
import { bulkLoadOf, bulkRange, fullValue, recordLink, shortValue, type TrailEntry } from './audit-values';
import { useAuditLabels } from './audit-labels';

const ICONS: Partial<Record<TrailEntry['action'], { icon: LucideIcon; tone: string }>> = {
  data_modified: { icon: Pencil, tone: 'text-blue-600' },
  form_submitted: { icon: FileCheck, tone: 'text-green-600' },
  query_raised: { icon: MessageSquareWarning, tone: 'text-orange-500' },
};
const GENERIC = { icon: Activity, tone: 'text-slate-500' };
const COLUMNS = ['time', 'user', 'table', 'record', 'field', 'change', 'reason', 'ip'] as const;

function AuditRow({ entry: e }: { entry: TrailEntry }) {
  const { t } = useTranslation('monitoring');
  const labels = useAuditLabels();
  const { icon: Icon, tone } = ICONS[e.action] ?? GENERIC;
  const action = t(`audit.actions.${e.action}`);
  const bulk = bulkLoadOf(e);
  const link = bulk ? null : recordLink(e.table, e.recordId, e.operation);
  return (
    <tr data-testid="audit-row" data-action={e.action} className="border-b border-border align-top last:border-0 hover:bg-muted/40">
      <td className="px-3 py-2">
        <span className="flex items-center gap-2" title={action}>
          <Icon className={`h-4 w-4 shrink-0 ${tone}`} aria-hidden data-testid="audit-icon" />
          <span className="sr-only">{action}</span>
        </span>
      </td>
      <td className="whitespace-nowrap px-3 py-2">
        <time dateTime={e.timestamp}>{formatDateTime(e.timestamp)}</time>
      </td>
      <td className="px-3 py-2">{e.userName}</td>
      <td className="px-3 py-2">{labels.table(e.table)}</td>
      <td className="px-3 py-2 font-mono text-xs">
        {link ? (
          <Link to={link} className="text-primary underline-offset-4 hover:underline">
            {e.recordId}
          </Link>
        ) : bulk ? (
          bulkRange(bulk)
        ) : (
          e.recordId
        )}
      </td>
      <td className="px-3 py-2 text-xs" title={e.field} data-field={e.field}>
        {bulk ? t('audit.bulkField') : labels.field(e.field)}
      </td>
      <td className="max-w-80 break-words px-3 py-2 text-xs" data-testid="audit-change">
        {bulk ? (
          <span title={t('audit.bulkHash', { hash: bulk.sha256 })}>{t('audit.bulkLoaded', { count: bulk.rows })}</span>
        ) : (
          <>
            <span title={fullValue(e.oldValue)} className="text-muted-foreground">
              {shortValue(e.oldValue)}
            </span>{' '}
            → <span title={fullValue(e.newValue)}>{shortValue(e.newValue)}</span>
          </>
        )}
      </td>
      <td className="max-w-60 break-words px-3 py-2 text-xs">{e.reason}</td>
      <td className="px-3 py-2 font-mono text-xs">{e.ipAddress ?? '—'}</td>
    </tr>
  );
}

export function AuditTable({ entries, busy }: { entries: TrailEntry[]; busy: boolean }) {
  const { t } = useTranslation('monitoring');
  return (
    <div className="overflow-x-auto rounded-xl border border-border bg-white shadow-sm">
      <table aria-label={t('audit.tableLabel')} aria-busy={busy} data-testid="audit-table" className="w-full min-w-[64rem] text-sm">
        <thead className="border-b border-border bg-muted/50 text-xs font-medium text-muted-foreground">
          <tr>
            <th scope="col" className="w-10 px-3 py-2 text-left">
              <span className="sr-only">{t('audit.columns.action')}</span>
            </th>
            {COLUMNS.map((c) => (
              <th key={c} scope="col" className="px-3 py-2 text-left">
                {t(`audit.columns.${c}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {entries.map((e) => (
            <AuditRow key={e.id} entry={e} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
