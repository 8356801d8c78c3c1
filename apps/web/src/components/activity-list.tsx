// Recent Activity, shared by the study and site pages: each audit event as "<record> <action>", the
// changed fields (camelCase, as the API names them) by their names in the reader's language (old → new values when the role may read
// them; the server leaves values out otherwise), the reason, who and when.
import { useTranslation } from 'react-i18next';
import { History } from 'lucide-react';
import type { ActivityEvent } from '@ctp/contracts';
import { formatDate, formatDateTime } from '@/lib/format';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ErrorState } from '@/components/ui/states';

const MAX_FIELDS = 6;
const MAX_VALUE_CHARS = 40;

/** A field or table the labels do not name yet: `plannedEndDate` or `study_sites` reads "Planned end date", "Study sites". */
export function humanizeColumn(column: string): string {
  const words = column
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)?$/i;

/** An ISO date or timestamp in the reader's locale (as elsewhere on the page); null for any other value. */
function showDate(value: string): string | null {
  // A timestamp as PostgreSQL writes it ('2026-01-05 10:00:00+00') is made one that Date reads.
  let text: string;
  if (ISO_DATE.test(value)) text = formatDate(value);
  else if (ISO_TIMESTAMP.test(value))
    text = formatDateTime(value.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00'));
  else return null;
  return text === '—' ? null : text;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function showValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  const date = typeof value === 'string' ? showDate(value) : null;
  if (date) return date;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > MAX_VALUE_CHARS ? `${text.slice(0, MAX_VALUE_CHARS)}…` : text;
}

function ChangedFields({ event }: { event: ActivityEvent }) {
  const { t } = useTranslation('common');
  const label = (field: string) => t(`activity.fields.${field}`, { defaultValue: humanizeColumn(field) });
  const shown = event.fields.slice(0, MAX_FIELDS);
  const hidden = event.fields.length - shown.length;
  // A new or deleted record lists its fields; an update shows old → new where values may be read.
  const withValues = !event.valuesHidden && event.action === 'update';
  const parts = shown.flatMap((f) => {
    if (!withValues) return [label(f.field)];
    // A form's data (one JSON object): the entries that changed, each old → new.
    if (isRecord(f.oldValue) && isRecord(f.newValue)) {
      const before = f.oldValue;
      const after = f.newValue;
      const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
      return keys.map((k) => `${k}: ${showValue(before[k])} → ${showValue(after[k])}`);
    }
    return [`${label(f.field)}: ${showValue(f.oldValue)} → ${showValue(f.newValue)}`];
  });
  return (
    <div className="break-words text-xs text-muted-foreground" data-testid="activity-fields">
      {t('activity.changed')}: {parts.join(withValues ? '; ' : ', ')}
      {hidden > 0 && ` ${t('activity.more', { count: hidden })}`}
    </div>
  );
}

export function ActivityCard({
  events,
  isPending,
  error,
}: {
  events: ActivityEvent[] | undefined;
  isPending: boolean;
  error: { message: string } | null;
}) {
  const { t } = useTranslation('common');
  return (
    <Card data-testid="recent-activity">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <History className="h-4 w-4" aria-hidden /> {t('activity.title')}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        {isPending && <Skeleton className="h-24" />}
        {error && <ErrorState message={error.message} />}
        {events?.length === 0 && <p className="text-sm text-muted-foreground">{t('activity.empty')}</p>}
        {events?.map((e) => (
          <div key={e.id} className="grid gap-1 border-l-2 border-primary/40 pl-3 text-sm" data-testid="activity-item">
            <div className="font-medium">
              {t(`activity.actions.${e.action}`, {
                record: t(`activity.tables.${e.table}`, { defaultValue: humanizeColumn(e.table) }),
              })}
              {e.recordLabel && (
                <span className="ml-1 font-mono text-xs font-normal text-slate-600" data-testid="activity-record">
                  {e.recordLabel}
                </span>
              )}
            </div>
            <div className="text-xs text-muted-foreground">
              {e.userName} ·{' '}
              <time dateTime={new Date(e.timestamp).toISOString()}>{formatDateTime(e.timestamp)}</time>
            </div>
            <div className="break-words text-xs">
              <span className="text-muted-foreground">{t('activity.reason')}:</span>{' '}
              <span data-testid="activity-reason">{e.reason}</span>
            </div>
            {e.fields.length > 0 && <ChangedFields event={e} />}
          </div>
        ))}
      </CardContent>
    </Card>
  );
}
