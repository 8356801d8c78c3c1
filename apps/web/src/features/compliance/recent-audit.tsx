// The latest audit events (at most eight) over the chosen study, one entry per change: time, user, the
// record's table, then each field it changed by its name in the reader's language (old → new) and the
// reason. The server leaves out bookkeeping columns and secrets. A role without audit.read gets a short note.
import { useTranslation } from 'react-i18next';
import { Lock } from 'lucide-react';
import type { RouterOutputs } from '@/lib/trpc';
import { useCan } from '@/lib/auth';
import { formatDateTime } from '@/lib/format';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { fullValue, shortValue } from '@/features/monitoring/audit-values';
import { useAuditLabels } from '@/features/monitoring/audit-labels';

type Entry = RouterOutputs['compliance']['overview']['recent'][number];

const MAX_CHANGES = 6;

function Value({ value, muted }: { value: unknown; muted?: boolean }) {
  return (
    <span title={fullValue(value)} className={muted ? 'text-muted-foreground' : undefined}>
      {shortValue(value)}
    </span>
  );
}

function Row({ entry: e }: { entry: Entry }) {
  const labels = useAuditLabels();
  const { t } = useTranslation('common');
  const more = e.changes.length - MAX_CHANGES;
  return (
    <li className="grid gap-0.5 border-b border-border py-2 text-sm last:border-0" data-testid="recent-audit-entry" data-event-id={e.id}>
      <div className="flex flex-wrap items-baseline gap-x-2">
        <time dateTime={e.timestamp} className="text-xs text-muted-foreground">
          {formatDateTime(e.timestamp)}
        </time>
        <span className="font-medium">{e.userName}</span>
        <span>{labels.table(e.table)}</span>
      </div>
      <ul className="grid gap-0.5 text-xs">
        {e.changes.slice(0, MAX_CHANGES).map((c) => (
          <li key={c.field} className="break-words" data-testid="recent-audit-change" data-field={c.field}>
            <span className="font-medium">{labels.field(c.field)}</span>
            {': '}
            {e.operation === 'update' ? (
              <>
                <Value value={c.oldValue} muted /> → <Value value={c.newValue} />
              </>
            ) : (
              <Value value={e.operation === 'delete' ? c.oldValue : c.newValue} />
            )}
          </li>
        ))}
        {more > 0 && <li className="text-muted-foreground">{t('activity.more', { count: more })}</li>}
      </ul>
      {e.reason && <p className="text-xs italic text-muted-foreground">“{e.reason}”</p>}
    </li>
  );
}

export function RecentAudit({ entries }: { entries: Entry[] }) {
  const { t } = useTranslation('compliance');
  const canRead = useCan('audit.read');
  return (
    <Card data-testid="recent-audit">
      <CardHeader>
        <CardTitle>{t('recent.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        {!canRead ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground" data-testid="recent-audit-no-access">
            <Lock className="h-4 w-4 shrink-0" aria-hidden /> {t('recent.noAccess')}
          </p>
        ) : entries.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('recent.empty')}</p>
        ) : (
          <ul>
            {entries.map((e) => (
              <Row key={e.id} entry={e} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
