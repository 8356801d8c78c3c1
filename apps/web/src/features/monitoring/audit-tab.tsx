// The Audit Trail tab (audit.read): filters, 50 entries a page walked by keyset cursor with Newer /
// Older (a stack of the cursors that led to this page, never an offset), and Export CSV. A role
// without audit.read sees the tab with a short notice and no request is made.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keepPreviousData } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, Lock } from 'lucide-react';
import { trpc } from '@/lib/trpc';
import { useCan } from '@/lib/auth';
import { Button } from '@/components/ui/button';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { AuditFilters } from './audit-filters';
import { AuditTable } from './audit-table';
import { MonitoringSkeleton } from './queries-table';
import type { AuditFilter, useMonitoringParams } from './use-monitoring-params';

const PAGE_SIZE = 50;

/** One filter's pages; keyed by the filter, so a new filter starts again at the newest entries. */
function AuditResults({ filter }: { filter: AuditFilter }) {
  const { t } = useTranslation('monitoring');
  const [cursors, setCursors] = useState<string[]>([]);
  const trail = trpc.audit.trail.useQuery({ ...filter, cursor: cursors.at(-1), limit: PAGE_SIZE }, { placeholderData: keepPreviousData });
  if (trail.isPending) return <MonitoringSkeleton testId="audit-loading" label={t('audit.loading')} />;
  if (trail.error) return <ErrorState message={trail.error.message} />;
  const { items, nextCursor } = trail.data;
  const moving = trail.isPlaceholderData;
  if (items.length === 0 && cursors.length === 0) return <EmptyState title={t('audit.empty')} description={t('audit.emptyText')} />;
  return (
    <div className="grid gap-3">
      <AuditTable entries={items} busy={moving} />
      <nav className="flex items-center justify-between gap-3 text-sm" aria-label={t('audit.pagesLabel')}>
        <span className="text-muted-foreground" data-testid="audit-page">
          {t('audit.page', { page: cursors.length + 1 })}
        </span>
        <div className="flex gap-2">
          <Button variant="outline" size="sm" disabled={moving || cursors.length === 0} onClick={() => setCursors((c) => c.slice(0, -1))}>
            <ChevronLeft /> {t('audit.newer')}
          </Button>
          <Button variant="outline" size="sm" disabled={moving || !nextCursor} onClick={() => nextCursor && setCursors((c) => [...c, nextCursor])}>
            {t('audit.older')} <ChevronRight />
          </Button>
        </div>
      </nav>
    </div>
  );
}

export function AuditTab({ params }: { params: ReturnType<typeof useMonitoringParams> }) {
  const { t } = useTranslation('monitoring');
  const canRead = useCan('audit.read');
  if (!canRead) {
    return (
      <div className="flex items-center gap-2 rounded-md border border-border bg-muted/40 p-4 text-sm text-muted-foreground" data-testid="audit-no-access">
        <Lock className="h-4 w-4 shrink-0" aria-hidden /> {t('audit.noAccess')}
      </div>
    );
  }
  return (
    <div className="grid gap-4">
      <AuditFilters filter={params.audit} update={params.update} />
      <AuditResults key={JSON.stringify(params.audit)} filter={params.audit} />
    </div>
  );
}
