// One column of By Priority: the live queries of a priority (the first 20) and how many there are.
import { useTranslation } from 'react-i18next';
import type { QueryRow } from '@ctp/contracts';
import { trpc } from '@/lib/trpc';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ErrorState } from '@/components/ui/states';
import { cn } from '@/lib/utils';
import type { OnQueryAction } from './query-actions';
import { QueryDue } from './query-due';
import { QueryStatusBadge } from './query-status-badge';
import { queryDescription } from '@/features/queries/query-text';

const SHOWN = 20;
const ACCENTS: Record<QueryRow['priority'], string> = { high: 'border-t-red-500', medium: 'border-t-orange-400', low: 'border-t-slate-400' };

export function PriorityColumn({ priority, onAction }: { priority: QueryRow['priority']; onAction: OnQueryAction }) {
  const { t } = useTranslation('queries');
  const list = trpc.queries.list.useQuery({ live: true, priority, limit: SHOWN, offset: 0 });
  const total = list.data?.total ?? 0;
  return (
    <Card className={cn('border-t-4', ACCENTS[priority])} data-testid={`priority-column-${priority}`}>
      <CardHeader className="flex-row items-center justify-between">
        <CardTitle>{t(`byPriority.${priority}`)}</CardTitle>
        <Badge data-testid={`priority-count-${priority}`}>{list.data ? total : '…'}</Badge>
      </CardHeader>
      <CardContent className="grid gap-2">
        {list.isPending && Array.from({ length: 3 }, (_, i) => <Skeleton key={i} className="h-16" />)}
        {list.error && <ErrorState message={list.error.message} />}
        {list.data && total === 0 && <p className="text-sm text-muted-foreground">{t('byPriority.empty')}</p>}
        {list.data?.items.map((row) => (
          <button
            key={row.id}
            type="button"
            data-testid="priority-query"
            data-query-id={row.queryId}
            onClick={() => onAction('view', row)}
            className="grid gap-1 rounded-md border border-border p-3 text-left text-sm hover:bg-muted/50"
          >
            <span className="flex items-center justify-between gap-2">
              <span className="font-mono text-xs font-semibold">{row.queryId}</span>
              <QueryStatusBadge lifecycle={row.lifecycle} />
            </span>
            <span className="line-clamp-2">{queryDescription(row)}</span>
            <span className="flex items-center justify-between gap-2 text-xs text-muted-foreground">
              <span>
                {row.patientId} · {row.studyId}
              </span>
              <QueryDue row={row} />
            </span>
          </button>
        ))}
        {total > SHOWN && <p className="text-xs text-muted-foreground">{t('byPriority.more', { shown: SHOWN, count: total })}</p>}
      </CardContent>
    </Card>
  );
}
