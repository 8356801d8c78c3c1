// Before SDV, a lock or a signature: the unresolved queries (open, answered, re-opened) of the entry,
// subject or study, each linking to the queries screen, and a box to tick to go on with them open. The
// server refuses without that acknowledgement and records it (audit reason, signature manifest). With
// no open query nothing is shown and nothing is asked.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { skipToken } from '@tanstack/react-query';
import { MessageSquareWarning } from 'lucide-react';
import { trpc } from '@/lib/trpc';
import { Skeleton } from '@/components/ui/skeleton';
import { ErrorState } from '@/components/ui/states';
import { QueryStatusBadge } from '@/features/queries/query-status-badge';

export type OpenQueriesTarget = { submissionId: number } | { patientId: number } | { studyId: number };

/** The target's unresolved queries, read while the dialog is open. */
export function useOpenQueries(target: OpenQueriesTarget | undefined, open: boolean) {
  const q = trpc.casebook.openQueries.useQuery(target && open ? target : skipToken, { staleTime: 0 });
  const total = q.data?.total ?? 0;
  return { query: q, total, loading: !!target && open && q.isPending, mustAcknowledge: total > 0 };
}

export function OpenQueriesConfirm({
  id,
  openQueries,
  acknowledged,
  onAcknowledgedChange,
  showError,
}: {
  id: string;
  openQueries: ReturnType<typeof useOpenQueries>;
  acknowledged: boolean;
  onAcknowledgedChange: (v: boolean) => void;
  /** The user tried to go on without ticking the box. */
  showError: boolean;
}) {
  const { t } = useTranslation('casebook');
  const { query, total } = openQueries;
  if (query.isPending && query.fetchStatus !== 'idle') return <Skeleton className="h-12" />;
  if (query.error) return <ErrorState message={query.error.message} />;
  const items = query.data?.items ?? [];
  if (!total) return null;
  const errorId = `${id}-error`;
  return (
    <div className="grid gap-2 rounded-md border border-orange-300 bg-orange-50/60 p-3 text-sm" data-testid="open-queries-confirm">
      <p className="flex items-center gap-2 font-medium">
        <MessageSquareWarning className="h-4 w-4 text-orange-700" aria-hidden /> {t('openQueries.heading', { count: total })}
      </p>
      <ul className="grid max-h-40 gap-1 overflow-y-auto">
        {items.map((q) => (
          <li key={q.id} className="flex flex-wrap items-center gap-2" data-testid="open-query">
            <Link className="font-mono text-xs font-semibold text-primary hover:underline" to={`/queries?q=${encodeURIComponent(q.code)}`} target="_blank" rel="noreferrer">
              {q.code}
            </Link>
            <span className="text-xs text-muted-foreground">{[q.subjectCode, q.formName, q.field].filter(Boolean).join(' · ')}</span>
            <QueryStatusBadge lifecycle={q.status} />
          </li>
        ))}
      </ul>
      {total > items.length && <p className="text-xs text-muted-foreground">{t('openQueries.more', { count: total - items.length })}</p>}
      <div className="flex items-start gap-2">
        <input
          id={id}
          type="checkbox"
          className="mt-0.5 h-4 w-4 accent-primary"
          checked={acknowledged}
          onChange={(e) => onAcknowledgedChange(e.target.checked)}
          aria-invalid={showError && !acknowledged ? true : undefined}
          aria-describedby={showError && !acknowledged ? errorId : undefined}
        />
        <label htmlFor={id} className="cursor-pointer">
          {t('openQueries.acknowledge')}
        </label>
      </div>
      {showError && !acknowledged && (
        <p id={errorId} role="alert" className="text-xs text-destructive">
          {t('openQueries.acknowledgeRequired')}
        </p>
      )}
    </div>
  );
}
