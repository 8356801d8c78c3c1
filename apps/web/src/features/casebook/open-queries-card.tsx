// The subject's live queries (open, answered, re-opened), each linking to it on the queries screen, with
// status, type and priority in the queries screen's words.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { MessageSquareWarning } from 'lucide-react';
import { trpc } from '@/lib/trpc';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ErrorState } from '@/components/ui/states';
import { QueryPriorityBadge } from '@/features/queries/query-priority-badge';
import { QueryKindLabel, QueryStatusBadge } from '@/features/queries/query-status-badge';
import { queryDescription } from '@/features/queries/query-text';

export function OpenQueriesCard({ patientId }: { patientId: number }) {
  const { t } = useTranslation('casebook');
  const list = trpc.queries.list.useQuery({ patientId, live: true, limit: 50 });
  const items = list.data?.items;
  return (
    <Card data-testid="casebook-queries">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <MessageSquareWarning className="h-4 w-4" aria-hidden /> {t('queries.title')}
          {!!items?.length && <Badge tone="warning">{items.length}</Badge>}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        {list.isPending && <Skeleton className="h-20" />}
        {list.error && <ErrorState message={list.error.message} />}
        {items?.length === 0 && <p className="text-muted-foreground">{t('queries.empty')}</p>}
        {items?.map((q) => (
          <div key={q.id} className="grid gap-1 border-l-2 border-orange-300 pl-3" data-testid="casebook-query">
            <div className="flex flex-wrap items-center gap-2">
              <Link className="font-mono text-xs font-semibold text-primary hover:underline" to={`/queries?q=${encodeURIComponent(q.queryId)}`}>
                {q.queryId}
              </Link>
              <QueryPriorityBadge priority={q.priority} />
              <QueryStatusBadge lifecycle={q.lifecycle} />
              <span className="text-xs text-muted-foreground">
                <QueryKindLabel kind={q.kind} />
              </span>
            </div>
            <p className="break-words">{queryDescription(q)}</p>
            {(q.formName || q.field) && (
              <p className="text-xs text-muted-foreground">{[q.formName, q.field].filter(Boolean).join(' · ')}</p>
            )}
          </div>
        ))}
      </CardContent>
    </Card>
  );
}
