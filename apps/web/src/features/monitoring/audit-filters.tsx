// The audit trail's filters: study, table, operation and a date range, plus Export CSV of them.
import { useTranslation } from 'react-i18next';
import { Download } from 'lucide-react';
import { AUDIT_OPERATIONS } from '@ctp/contracts';
import { useAuditLabels } from './audit-labels';
import { trpc } from '@/lib/trpc';
import { Button } from '@/components/ui/button';
import { Input, NativeSelect } from '@/components/ui/input';
import { StudySelect } from './study-select';
import { useAuditExport } from './use-audit-export';
import type { AuditFilter, useMonitoringParams } from './use-monitoring-params';

export const AUDIT_TABLES = [
  'studies', 'sites', 'study_sites', 'patients', 'subject_visits', 'forms', 'form_versions', 'visit_forms',
  'form_submissions', 'queries', 'query_messages', 'milestones', 'budget_lines', 'protocol_deviations', 'users',
  'study_memberships', 'account_links', 'api_tokens',
] as const;

/** A table by its name in the reader's language (as the activity list names it; identity tables too). */
export function useTableLabel() {
  return useAuditLabels().table;
}

export function AuditFilters({ filter, update }: { filter: AuditFilter; update: ReturnType<typeof useMonitoringParams>['update'] }) {
  const { t } = useTranslation('monitoring');
  const tableLabel = useTableLabel();
  const exporter = useAuditExport(filter);
  const actors = trpc.audit.actors.useQuery();
  const subjects = trpc.patients.list.useQuery({ studyId: filter.studyId, limit: 100 }, { enabled: !!filter.studyId });
  const tables: string[] = [...AUDIT_TABLES];
  if (filter.table && !tables.includes(filter.table)) tables.push(filter.table);
  return (
    <div className="flex flex-wrap items-end gap-3">
      <StudySelect value={filter.studyId} onChange={(id) => update({ study: id, subject: null, page: null })} />
      <NativeSelect className="w-48" value={filter.patientId ?? ''} disabled={!filter.studyId} onChange={(e) => update({ subject: e.target.value })} aria-label={t('filters.subject')}>
        <option value="">{t('filters.allSubjects')}</option>
        {subjects.data?.items.map((p) => (
          <option key={p.id} value={p.id}>
            {p.patientId}
          </option>
        ))}
      </NativeSelect>
      <NativeSelect className="w-48" value={filter.userId ?? ''} onChange={(e) => update({ user: e.target.value })} aria-label={t('filters.user')}>
        <option value="">{t('filters.allUsers')}</option>
        {actors.data?.map((u) => (
          <option key={u.id} value={u.id}>
            {u.fullName}
          </option>
        ))}
      </NativeSelect>
      <NativeSelect className="w-48" value={filter.table ?? ''} onChange={(e) => update({ table: e.target.value })} aria-label={t('filters.table')}>
        <option value="">{t('filters.allTables')}</option>
        {tables.map((table) => (
          <option key={table} value={table}>
            {tableLabel(table)}
          </option>
        ))}
      </NativeSelect>
      <NativeSelect className="w-40" value={filter.operation ?? ''} onChange={(e) => update({ op: e.target.value })} aria-label={t('filters.operation')}>
        <option value="">{t('filters.allOperations')}</option>
        {AUDIT_OPERATIONS.map((op) => (
          <option key={op} value={op}>
            {t(`audit.operations.${op}`)}
          </option>
        ))}
      </NativeSelect>
      <label className="grid gap-1 text-xs text-muted-foreground">
        {t('filters.from')}
        <Input type="date" className="w-40" value={filter.from ?? ''} max={filter.to} onChange={(e) => update({ from: e.target.value })} />
      </label>
      <label className="grid gap-1 text-xs text-muted-foreground">
        {t('filters.to')}
        <Input type="date" className="w-40" value={filter.to ?? ''} min={filter.from} onChange={(e) => update({ to: e.target.value })} />
      </label>
      <Button variant="outline" className="ml-auto" onClick={() => void exporter.run()} disabled={exporter.exporting}>
        <Download /> {exporter.exporting ? t('audit.exporting') : t('audit.export')}
      </Button>
    </div>
  );
}
