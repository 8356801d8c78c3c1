// The audit history of one form entry: each change with who, when, the reason and the values changed.
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import { Skeleton } from '@/components/ui/skeleton';
import { ErrorState } from '@/components/ui/states';
import { eventsOf } from './audit-values';
import type { AuditItem } from './types';

export interface AuditState {
  items: AuditItem[] | undefined;
  isPending: boolean;
  error: { message: string } | null;
  /** More changes than one page holds: the oldest are not shown. */
  truncated: boolean;
}

export function EntryHistory({ entryId, audit }: { entryId: number; audit: AuditState }) {
  const { t } = useTranslation('casebook');
  if (audit.isPending) return <Skeleton className="h-16" />;
  if (audit.error) return <ErrorState message={audit.error.message} />;
  const events = eventsOf(audit.items ?? [], entryId);
  return (
    <div className="grid gap-2" data-testid="entry-history">
      {events.length === 0 && <p className="text-sm text-muted-foreground">{t('history.empty')}</p>}
      {events.map((e) => (
        <div key={e.eventId} className="grid gap-0.5 border-l-2 border-primary/40 pl-3 text-sm" data-testid="history-event">
          <div className="font-medium">{t(`history.actions.${e.action}`)}</div>
          <div className="text-xs text-muted-foreground">
            {e.userName} · <time dateTime={e.timestamp}>{formatDateTime(e.timestamp)}</time>
          </div>
          <div className="break-words text-xs">
            <span className="text-muted-foreground">{t('history.reason')}:</span> {e.reason}
          </div>
          {e.lines.length > 0 && (
            <ul className="break-words font-mono text-xs text-slate-700" data-testid="history-changes">
              {e.lines.map((line, i) => (
                <li key={i}>{line}</li>
              ))}
            </ul>
          )}
        </div>
      ))}
      {audit.truncated && <p className="text-xs text-muted-foreground">{t('history.truncated')}</p>}
    </div>
  );
}
