// Search (patient code, study code or site name; applied with Filter or Enter), study filter (the
// user's studies), status filter, and Export of the filtered list. Every filter runs on the server.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Download, Filter, Search, X } from 'lucide-react';
import { PATIENT_STATUSES, type PatientFilterInput } from '@ctp/contracts';
import { trpc } from '@/lib/trpc';
import { useCan } from '@/lib/auth';
import { downloadText } from '@/lib/format';
import { serverError } from '@/lib/server-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input, NativeSelect } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';

type Change = Record<string, string | number | null | undefined>;

export function PatientFilters({
  filters,
  onChange,
}: {
  filters: PatientFilterInput;
  onChange: (c: Change) => void;
}) {
  const { t } = useTranslation('patients');
  const tc = useTranslation('common').t;
  const canExport = useCan('report.export');
  const utils = trpc.useUtils();
  const studies = trpc.studies.list.useQuery({ limit: 100 });
  const site = trpc.sites.byId.useQuery(
    { id: filters.siteId ?? 0 },
    { enabled: filters.siteId !== undefined },
  );
  const [exporting, setExporting] = useState(false);
  const [text, setText] = useState(filters.search ?? '');
  const [applied, setApplied] = useState(filters.search ?? '');
  // The URL changed under us (top bar search, back button): show what is applied.
  if ((filters.search ?? '') !== applied) {
    setApplied(filters.search ?? '');
    setText(filters.search ?? '');
  }
  const knownStudy = studies.data?.items.some((s) => s.id === filters.studyId);

  async function exportCsv() {
    setExporting(true);
    try {
      const file = await utils.client.patients.exportCsv.query(filters);
      downloadText(file.filename, file.contentType, file.content);
      toast({ title: t('export.success'), description: t('export.successText', { count: file.rows }) });
    } catch (e) {
      toast({ title: t('export.failed'), description: serverError(e).message, variant: 'destructive' });
    } finally {
      setExporting(false);
    }
  }

  return (
    <div className="grid gap-2">
      <form
        role="search"
        className="flex flex-wrap gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          onChange({ search: text.trim() });
        }}
      >
        <div className="relative min-w-60 flex-1">
          <Search
            className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden
          />
          <Input
            className="pl-9"
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder={t('filters.searchPlaceholder')}
            aria-label={t('filters.search')}
          />
        </div>
        <NativeSelect
          className="w-48"
          value={filters.studyId ?? ''}
          onChange={(e) => onChange({ studyId: e.target.value })}
          aria-label={t('filters.study')}
        >
          <option value="">{t('filters.allStudies')}</option>
          {filters.studyId !== undefined && !knownStudy && (
            <option value={filters.studyId}>#{filters.studyId}</option>
          )}
          {studies.data?.items.map((s) => (
            <option key={s.id} value={s.id}>
              {s.studyId}
            </option>
          ))}
        </NativeSelect>
        <NativeSelect
          className="w-44"
          value={filters.status ?? ''}
          onChange={(e) => onChange({ status: e.target.value })}
          aria-label={t('filters.status')}
        >
          <option value="">{t('filters.allStatuses')}</option>
          {PATIENT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {tc(`status.${s}`)}
            </option>
          ))}
        </NativeSelect>
        <Button type="submit" variant="outline">
          <Filter /> {t('filters.filter')}
        </Button>
        {canExport && (
          <Button type="button" variant="outline" onClick={exportCsv} disabled={exporting}>
            <Download /> {exporting ? t('export.running') : t('export.button')}
          </Button>
        )}
      </form>
      {filters.siteId !== undefined && (
        <div>
          <Badge tone="primary" className="gap-1" data-testid="site-filter">
            {t('filters.site', {
              site: site.data ? `${site.data.siteNumber} ${site.data.siteName}` : `#${filters.siteId}`,
            })}
            <button
              type="button"
              onClick={() => onChange({ siteId: null })}
              aria-label={t('filters.clearSite')}
              className="rounded-full hover:bg-blue-100"
            >
              <X className="h-3 w-3" />
            </button>
          </Badge>
        </div>
      )}
    </div>
  );
}
