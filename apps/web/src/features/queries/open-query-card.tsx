// A live query in the Open Queries tab: code, status, priority, subject, form and field, the question,
// due date and who raised it, with View and Respond (and Resolve for those who decide on queries).
import { useTranslation } from 'react-i18next';
import { CheckCircle2, Eye, MessageSquareReply } from 'lucide-react';
import type { QueryRow } from '@ctp/contracts';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { formatDate } from '@/lib/format';
import { allowedActions, type OnQueryAction, type QueryPermissions } from './query-actions';
import { QueryDue } from './query-due';
import { QueryPriorityBadge } from './query-priority-badge';
import { QueryKindLabel, QueryStatusBadge } from './query-status-badge';
import { queryDescription } from '@/features/queries/query-text';

export function OpenQueryCard({ row, can, onAction }: { row: QueryRow; can: QueryPermissions; onAction: OnQueryAction }) {
  const { t } = useTranslation('queries');
  const actions = allowedActions(row, can);
  return (
    <Card data-testid="open-query-card" data-query-id={row.queryId} data-status={row.lifecycle}>
      <CardContent className="grid gap-3 pt-5">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-mono text-sm font-semibold">{row.queryId}</span>
          <QueryStatusBadge lifecycle={row.lifecycle} />
          <QueryPriorityBadge priority={row.priority} />
          <span className="text-xs text-muted-foreground">
            <QueryKindLabel kind={row.kind} />
          </span>
          <span className="ml-auto text-xs">
            <QueryDue row={row} />
          </span>
        </div>
        <div className="text-sm text-muted-foreground">
          {row.patientId} · {row.studyId} · {row.center}
          {row.formName && ` · ${row.formName}`}
          {row.field && ` · ${row.field}`}
        </div>
        <p className="line-clamp-3 text-sm">{queryDescription(row)}</p>
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-xs text-muted-foreground">
            {t('open.raised', { name: row.raisedBy ?? t('details.system'), date: formatDate(row.startDate) })}
          </span>
          <div className="ml-auto flex gap-2">
            <Button variant="outline" size="sm" onClick={() => onAction('view', row)} aria-label={t('open.viewLabel', { code: row.queryId })}>
              <Eye aria-hidden /> {t('actions.viewShort')}
            </Button>
            {can.respond && (
              <Button
                size="sm"
                disabled={!actions.includes('respond')}
                title={actions.includes('respond') ? undefined : t('open.awaitingReview')}
                onClick={() => onAction('respond', row)}
                aria-label={t('open.respondLabel', { code: row.queryId })}
              >
                <MessageSquareReply aria-hidden /> {t('actions.respondShort')}
              </Button>
            )}
            {actions.includes('resolve') && (
              <Button variant="outline" size="sm" onClick={() => onAction('resolve', row)} aria-label={t('open.resolveLabel', { code: row.queryId })}>
                <CheckCircle2 aria-hidden /> {t('actions.resolve')}
              </Button>
            )}
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
