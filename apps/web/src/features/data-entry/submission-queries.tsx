// The queries on one form entry, beside the form: raised by its edit checks (or by hand), with their
// status, so site staff see what is asked and that a correction closed them.
import { useTranslation } from 'react-i18next';
import { MessageSquareWarning } from 'lucide-react';
import { trpc } from '@/lib/trpc';
import { QueryStatusBadge } from '@/features/queries/query-status-badge';
import { queryDescription } from '@/features/queries/query-text';

export function SubmissionQueries({ submissionId }: { submissionId: number }) {
  const { t } = useTranslation('data-entry');
  const queries = trpc.queries.list.useQuery({ submissionId, limit: 50 });
  if (!queries.data?.items.length) return null;
  return (
    <section
      className="rounded-md border border-amber-200 bg-amber-50 p-3"
      data-testid="submission-queries"
      aria-label={t('queries.title')}
    >
      <h3 className="mb-2 flex items-center gap-2 text-sm font-semibold">
        <MessageSquareWarning className="h-4 w-4 text-amber-600" aria-hidden /> {t('queries.title')}
      </h3>
      <ul className="grid gap-1 text-sm">
        {queries.data.items.map((q) => (
          <li
            key={q.id}
            className="flex flex-wrap items-center justify-between gap-2"
            data-testid="submission-query"
            data-lifecycle={q.lifecycle}
          >
            <span>
              <span className="font-mono text-xs">{q.queryId}</span>{' '}
              {q.field && <span className="font-mono text-xs">· {q.field}</span>} — {queryDescription(q)}
            </span>
            <QueryStatusBadge lifecycle={q.lifecycle} />
          </li>
        ))}
      </ul>
    </section>
  );
}
