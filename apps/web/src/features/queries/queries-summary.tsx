// The four cards: Queries (all, with the overdue ones noted), Validations (status open or queries),
// Inclusions (status validated) and Pending Review (answered by the site), counted by the server over
// the list's filters but not its status.
import { useTranslation } from 'react-i18next';
import { CheckCircle2, Clock, FileQuestion, MessageSquareWarning } from 'lucide-react';
import type { RouterOutputs } from '@/lib/trpc';
import { QuerySummaryCard } from './query-summary-card';

type Summary = RouterOutputs['queries']['summary'];

export function QueriesSummary({ summary }: { summary: Summary }) {
  const { t } = useTranslation('queries');
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <QuerySummaryCard
        testId="queries-card-total"
        icon={FileQuestion}
        tone="text-primary"
        label={t('cards.total')}
        value={summary.total}
        caption={t('cards.totalCaption')}
        note={
          summary.overdue > 0 && (
            <p className="mt-1 text-xs font-medium text-red-600" data-testid="queries-card-overdue">
              {t('cards.overdue', { count: summary.overdue })}
            </p>
          )
        }
      />
      <QuerySummaryCard
        testId="queries-card-validations"
        icon={MessageSquareWarning}
        tone="text-orange-500"
        label={t('cards.validations')}
        value={summary.validations}
        caption={t('cards.validationsCaption')}
      />
      <QuerySummaryCard
        testId="queries-card-inclusions"
        icon={CheckCircle2}
        tone="text-green-600"
        label={t('cards.inclusions')}
        value={summary.inclusions}
        caption={t('cards.inclusionsCaption')}
      />
      <QuerySummaryCard
        testId="queries-card-pending"
        icon={Clock}
        tone="text-blue-600"
        label={t('cards.pending')}
        value={summary.pendingReview}
        caption={t('cards.pendingCaption')}
      />
    </div>
  );
}
