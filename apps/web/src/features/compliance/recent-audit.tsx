// The latest audit entries (at most eight) over the chosen study: time, user, table, field,
// old → new value and reason. A role without audit.read gets a short note instead.
import { useTranslation } from 'react-i18next';
import { Lock } from 'lucide-react';
import type { RouterOutputs } from '@/lib/trpc';
import { useCan } from '@/lib/auth';
import { formatDateTime } from '@/lib/format';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { fullValue, shortValue } from '@/features/monitoring/audit-values';
import { useTableLabel } from '@/features/monitoring/audit-filters';

type Entry = RouterOutputs['compliance']['overview']['recent'][number];

function Row({ entry: e }: { entry: Entry }) {
  const tableLabel = useTableLabel();
  return (
    <li className="grid gap-0.5 border-b border-border py-2 text-sm last:border-0" data-testid="recent-audit-entry">
      <div className="flex flex-wrap items-baseline gap-x-2">
        <time dateTime={e.timestamp} className="text-xs text-muted-foreground">
          {formatDateTime(e.timestamp)}
        </time>
        <span className="font-medium">{e.userName}</span>
        <span>{tableLabel(e.table)}</span>
        {e.field && <span className="font-mono text-xs">{e.field}</span>}
      </div>
      <div className="break-words text-xs">
        <span title={fullValue(e.oldValue)} className="text-muted-foreground">
          {shortValue(e.oldValue)}
        </span>{' '}
        → <span title={fullValue(e.newValue)}>{shortValue(e.newValue)}</span>
        {e.reason && <span className="ml-2 italic text-muted-foreground">“{e.reason}”</span>}
      </div>
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
