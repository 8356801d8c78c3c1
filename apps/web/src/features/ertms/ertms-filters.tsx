// All Submissions: the search box (number, title, agency reference or study code) and the Filter button,
// which opens the filters: study, agency, status, priority, submission type and overdue only. All of
// them run on the server and live in the URL.
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Filter, X } from 'lucide-react';
import { AGENCIES, SUBMISSION_PRIORITIES, SUBMISSION_STATUSES, type SubmissionFilterInput } from '@ctp/contracts';
import { trpc } from '@/lib/trpc';
import { SearchBox } from '@/components/search-box';
import { StudyFilter } from '@/components/study-filter';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/input';
import { FILTER_KEYS } from './use-ertms-params';
import { useErtmsLabels } from './use-ertms-labels';

export function ErtmsFilters({
  search,
  filter,
  filtered,
  panelFilters,
  onChange,
}: {
  search: string;
  filter: SubmissionFilterInput;
  filtered: boolean;
  panelFilters: boolean;
  onChange: (changes: Record<string, string | null>) => void;
}) {
  const { t } = useTranslation('ertms');
  const { t: tc } = useTranslation('common');
  const { typeName, agencyName } = useErtmsLabels();
  const [open, setOpen] = useState(panelFilters);
  const types = trpc.ertms.types.useQuery();
  const onSearch = useCallback((q: string) => onChange({ q }), [onChange]);
  const clear = () => onChange({ q: null, ...Object.fromEntries(FILTER_KEYS.map((k) => [k, null])) });
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center gap-3">
        <SearchBox value={search} onSearch={onSearch} label={t('filters.search')} placeholder={t('filters.searchPlaceholder')} />
        <Button variant="outline" aria-expanded={open} aria-controls="ertms-filter-panel" onClick={() => setOpen((o) => !o)}>
          <Filter aria-hidden /> {t('filters.button')}
          {panelFilters && <span className="ml-1 h-2 w-2 rounded-full bg-primary" aria-label={t('filters.active')} />}
        </Button>
        {filtered && (
          <Button variant="ghost" size="sm" onClick={clear}>
            <X aria-hidden /> {t('filters.clear')}
          </Button>
        )}
      </div>
      {open && (
        <div id="ertms-filter-panel" data-testid="ertms-filter-panel" className="flex flex-wrap items-center gap-2 rounded-lg border border-border bg-muted/30 p-3">
          <StudyFilter value={filter.studyId} onChange={(study) => onChange({ study })} label={t('filters.study')} allLabel={t('filters.allStudies')} />
          <NativeSelect className="w-40" aria-label={t('filters.agency')} value={filter.agency ?? ''} onChange={(e) => onChange({ agency: e.target.value })}>
            <option value="">{t('filters.allAgencies')}</option>
            {AGENCIES.map((a) => (
              <option key={a} value={a}>
                {agencyName(a)}
              </option>
            ))}
          </NativeSelect>
          <NativeSelect className="w-40" aria-label={t('filters.status')} value={filter.status ?? ''} onChange={(e) => onChange({ status: e.target.value })}>
            <option value="">{t('filters.allStatuses')}</option>
            {SUBMISSION_STATUSES.map((s) => (
              <option key={s} value={s}>
                {tc(`status.${s}`)}
              </option>
            ))}
          </NativeSelect>
          <NativeSelect className="w-40" aria-label={t('filters.priority')} value={filter.priority ?? ''} onChange={(e) => onChange({ priority: e.target.value })}>
            <option value="">{t('filters.allPriorities')}</option>
            {SUBMISSION_PRIORITIES.map((p) => (
              <option key={p} value={p}>
                {tc(`status.${p}`)}
              </option>
            ))}
          </NativeSelect>
          <NativeSelect className="w-56" aria-label={t('filters.type')} value={filter.typeCode ?? ''} onChange={(e) => onChange({ type: e.target.value })}>
            <option value="">{t('filters.allTypes')}</option>
            {filter.typeCode && !types.data?.some((ty) => ty.code === filter.typeCode) && <option value={filter.typeCode}>{filter.typeCode}</option>}
            {types.data?.map((ty) => (
              <option key={ty.code} value={ty.code}>
                {typeName(ty.code, ty.name)}
              </option>
            ))}
          </NativeSelect>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" className="h-4 w-4 accent-primary" checked={!!filter.overdue} onChange={(e) => onChange({ overdue: e.target.checked ? '1' : null })} />
            {t('filters.overdueOnly')}
          </label>
        </div>
      )}
    </div>
  );
}
