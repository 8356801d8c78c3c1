// The All Queries tab's search (query code, subject code or description) and its status, priority and
// query type filters, offering the same status and type words the rows show; all run on the server and
// live in the URL.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Filter, X } from 'lucide-react';
import { QUERY_KINDS, QUERY_LIFECYCLE, QUERY_PRIORITIES, type QueryFilterInput } from '@ctp/contracts';
import { SearchBox } from '@/components/search-box';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/input';

export function QueriesFilters({
  search,
  filter,
  filtered,
  onChange,
}: {
  search: string;
  filter: QueryFilterInput;
  filtered: boolean;
  onChange: (changes: Record<string, string | null>) => void;
}) {
  const { t } = useTranslation('queries');
  const onSearch = useCallback((q: string) => onChange({ q }), [onChange]);
  return (
    <div className="flex flex-wrap items-center gap-3">
      <SearchBox value={search} onSearch={onSearch} label={t('filters.search')} placeholder={t('filters.searchPlaceholder')} />
      <div className="flex flex-wrap items-center gap-2">
        <Filter className="h-4 w-4 text-muted-foreground" aria-hidden />
        <NativeSelect className="w-40" aria-label={t('filters.status')} value={filter.status ?? ''} onChange={(e) => onChange({ status: e.target.value })}>
          <option value="">{t('filters.allStatuses')}</option>
          {QUERY_LIFECYCLE.map((s) => (
            <option key={s} value={s}>
              {t(`lifecycle.${s}`)}
            </option>
          ))}
        </NativeSelect>
        <NativeSelect className="w-36" aria-label={t('filters.priority')} value={filter.priority ?? ''} onChange={(e) => onChange({ priority: e.target.value })}>
          <option value="">{t('filters.allPriorities')}</option>
          {QUERY_PRIORITIES.map((p) => (
            <option key={p} value={p}>
              {t(`priority.${p}`)}
            </option>
          ))}
        </NativeSelect>
        <NativeSelect className="w-48" aria-label={t('filters.type')} value={filter.type ?? ''} onChange={(e) => onChange({ type: e.target.value })}>
          <option value="">{t('filters.allTypes')}</option>
          {QUERY_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t(`kinds.${kind}`)}
            </option>
          ))}
        </NativeSelect>
        {filtered && (
          <Button variant="ghost" size="sm" onClick={() => onChange({ q: null, status: null, priority: null, type: null })}>
            <X aria-hidden /> {t('filters.clear')}
          </Button>
        )}
      </div>
    </div>
  );
}
