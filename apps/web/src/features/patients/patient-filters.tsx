// Search (patient code, study code or site name; applied as one types, like the other lists), Filter
// (opens the study filter, the user's studies, and the status filter), and Export of the filtered
// list. Every filter runs on the server.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Download, Filter, X } from 'lucide-react';
import { PATIENT_STATUSES, type PatientFilterInput } from '@ctp/contracts';
import { trpc } from '@/lib/trpc';
import { useCan } from '@/lib/auth';
import { downloadFromServer } from '@/lib/server-download';
import { serverError } from '@/lib/server-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/input';
import { SearchBox } from '@/components/search-box';
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
  const studies = trpc.studies.list.useQuery({ limit: 100 });
  const site = trpc.sites.byId.useQuery(
    { id: filters.siteId ?? 0 },
    { enabled: filters.siteId !== undefined },
  );
  const [exporting, setExporting] = useState(false);
  // The study and status filters sit behind Filter, open from the start when one of them is applied.
  const active = [filters.studyId, filters.status].filter((f) => f !== undefined).length;
  const [open, setOpen] = useState(active > 0);
  const panelId = useId();
  const knownStudy = studies.data?.items.some((s) => s.id === filters.studyId);

  async function exportCsv() {
    setExporting(true);
    try {
      // Streamed by the server (GET /api/patients/export.csv), saved under its file name.
      const filename = await downloadFromServer('/patients/export.csv', { ...filters }, 'patients.csv');
      toast({ title: t('export.success'), description: t('export.savedText', { filename }) });
    } catch (e) {
      toast({ title: t('export.failed'), description: serverError(e).message, variant: 'destructive' });
    } finally {
      setExporting(false);
    }
  }

  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap gap-2">
        <SearchBox
          value={filters.search ?? ''}
          onSearch={(search) => onChange({ search })}
          label={t('filters.search')}
          placeholder={t('filters.searchPlaceholder')}
        />
        <Button
          type="button"
          variant="outline"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((o) => !o)}
        >
          <Filter aria-hidden /> {t('filters.filter')}
          {active > 0 && <Badge tone="primary">{active}</Badge>}
        </Button>
        {canExport && (
          <Button type="button" variant="outline" onClick={exportCsv} disabled={exporting}>
            <Download aria-hidden /> {exporting ? t('export.running') : t('export.button')}
          </Button>
        )}
      </div>
      {open && (
        <div id={panelId} role="group" aria-label={t('filters.panel')} className="flex flex-wrap gap-2 rounded-md border border-border bg-white p-3">
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
        </div>
      )}
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
              <X className="h-3 w-3" aria-hidden />
            </button>
          </Badge>
        </div>
      )}
    </div>
  );
}
