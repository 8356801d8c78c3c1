// Export CSV of the audit trail under the current filters: pages are fetched following nextCursor
// (never an offset) up to MAX_EXPORT entries, then saved as audit-trail-<date>.csv.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_AUDIT_PAGE } from '@ctp/contracts';
import { trpc } from '@/lib/trpc';
import { downloadText, todayLocalIso } from '@/lib/format';
import { serverError } from '@/lib/server-error';
import { toast } from '@/components/ui/use-toast';
import { auditCsv } from './audit-csv';
import type { TrailEntry } from './audit-values';
import type { AuditFilter } from './use-monitoring-params';

export const MAX_EXPORT = 5000;

export function useAuditExport(filter: AuditFilter) {
  const { t } = useTranslation('monitoring');
  const utils = trpc.useUtils();
  const [exporting, setExporting] = useState(false);

  async function run() {
    setExporting(true);
    try {
      const entries: TrailEntry[] = [];
      let cursor: string | undefined;
      do {
        const limit = Math.min(MAX_AUDIT_PAGE, MAX_EXPORT - entries.length);
        const page = await utils.audit.trail.fetch({ ...filter, cursor, limit }, { staleTime: 0 });
        entries.push(...page.items);
        cursor = page.nextCursor ?? undefined;
      } while (cursor && entries.length < MAX_EXPORT);
      downloadText(`audit-trail-${todayLocalIso()}.csv`, 'text/csv;charset=utf-8', auditCsv(entries));
      toast({
        title: t('audit.exported'),
        description: cursor ? t('audit.exportCapped', { count: MAX_EXPORT }) : t('audit.exportedText', { count: entries.length }),
      });
    } catch (e) {
      toast({ title: t('audit.exportFailed'), description: serverError(e).message, variant: 'destructive' });
    } finally {
      setExporting(false);
    }
  }

  return { exporting, run };
}
