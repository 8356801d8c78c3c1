// All Documents' search (name, code, artifact number or name) and its study, status and review status
// filters, plus the TMF classification chosen in By Category; all run on the server and live in the URL.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Filter, FolderTree, X } from 'lucide-react';
import { DOCUMENT_REVIEW_VALUES, DOCUMENT_STATUS_VALUES, type DocumentFilterInput } from '@ctp/contracts';
import { SearchBox } from '@/components/search-box';
import { StudyFilter } from '@/components/study-filter';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/input';
import type { EtmfChanges } from './use-etmf-params';
import { useTmfNames } from './use-tmf-names';

export function DocumentsFilters({
  search,
  filter,
  filtered,
  onChange,
}: {
  search: string;
  filter: DocumentFilterInput;
  filtered: boolean;
  onChange: (changes: EtmfChanges) => void;
}) {
  const { t } = useTranslation('etmf');
  const tc = useTranslation('common').t;
  const onSearch = useCallback((q: string) => onChange({ q }), [onChange]);
  const tmfNames = useTmfNames();
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center gap-3">
        <SearchBox value={search} onSearch={onSearch} label={t('filters.search')} placeholder={t('filters.searchPlaceholder')} />
        <div className="flex flex-wrap items-center gap-2">
          <Filter className="h-4 w-4 text-muted-foreground" aria-hidden />
          <StudyFilter value={filter.studyId} onChange={(study) => onChange({ study })} label={t('filters.study')} allLabel={t('filters.allStudies')} />
          <NativeSelect className="w-40" aria-label={t('filters.status')} value={filter.status ?? ''} onChange={(e) => onChange({ status: e.target.value })}>
            <option value="">{t('filters.allStatuses')}</option>
            {DOCUMENT_STATUS_VALUES.map((s) => (
              <option key={s} value={s}>
                {tc(`status.${s}`)}
              </option>
            ))}
          </NativeSelect>
          <NativeSelect className="w-44" aria-label={t('filters.review')} value={filter.reviewStatus ?? ''} onChange={(e) => onChange({ review: e.target.value })}>
            <option value="">{t('filters.allReviews')}</option>
            {DOCUMENT_REVIEW_VALUES.map((s) => (
              <option key={s} value={s}>
                {tc(`status.${s}`)}
              </option>
            ))}
          </NativeSelect>
          {filtered && (
            <Button variant="ghost" size="sm" onClick={() => onChange({ q: null, study: null, status: null, review: null, tmf: null })}>
              <X aria-hidden /> {t('filters.clear')}
            </Button>
          )}
        </div>
      </div>
      {filter.tmf && (
        <div className="flex items-center gap-2 text-sm" data-testid="etmf-tmf-filter">
          <FolderTree className="h-4 w-4 text-muted-foreground" aria-hidden />
          <span>{t('filters.tmf', { number: filter.tmf, name: tmfNames.get(filter.tmf) ?? '' })}</span>
          <Button variant="ghost" size="sm" aria-label={t('filters.clearTmf')} onClick={() => onChange({ tmf: null })}>
            <X aria-hidden />
          </Button>
        </div>
      )}
    </div>
  );
}
