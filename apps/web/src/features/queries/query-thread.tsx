// A query's thread (queries.byId): the question, the site's responses, the resolution, re-openings and
// cancellation, oldest first, each with its author and time.
import { useTranslation } from 'react-i18next';
import { trpc } from '@/lib/trpc';
import { Skeleton } from '@/components/ui/skeleton';
import { ErrorState } from '@/components/ui/states';
import { formatDateTime } from '@/lib/format';
import { cn } from '@/lib/utils';
import { storedText } from '@/lib/server-messages';

const ACCENTS: Record<string, string> = {
  question: 'border-l-orange-400',
  response: 'border-l-blue-500',
  resolution: 'border-l-green-500',
  reopen: 'border-l-purple-500',
  cancel: 'border-l-slate-400',
  auto_close: 'border-l-green-500',
};

export function QueryThread({ id }: { id: number }) {
  const { t } = useTranslation('queries');
  const detail = trpc.queries.byId.useQuery({ id });
  return (
    <section className="grid gap-2" aria-labelledby={`query-thread-${id}`}>
      <h3 id={`query-thread-${id}`} className="text-sm font-semibold">
        {t('details.thread')}
      </h3>
      {detail.isPending && <Skeleton className="h-16" />}
      {detail.error && <ErrorState message={detail.error.message} />}
      {detail.data?.messages.length === 0 && <p className="text-sm text-muted-foreground">{t('details.noMessages')}</p>}
      {detail.data && (
        <ol className="grid max-h-64 gap-2 overflow-y-auto" data-testid="query-thread">
          {detail.data.messages.map((m) => (
            <li key={m.id} data-testid="query-message" data-kind={m.kind} className={cn('grid gap-1 rounded-md border-l-4 bg-muted/40 px-3 py-2 text-sm', ACCENTS[m.kind])}>
              <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-muted-foreground">
                <span>
                  <span className="font-medium text-slate-700">{t(`messageKinds.${m.kind}`)}</span> · {m.author}
                </span>
                <time dateTime={m.createdAt}>{formatDateTime(m.createdAt)}</time>
              </div>
              <p className="whitespace-pre-wrap break-words">{storedText(m.body, m.bodyKey, m.bodyParams)}</p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
