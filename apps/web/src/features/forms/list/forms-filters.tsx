// Search box, study filter and status filter of the forms list; all three are applied by the server.
// The study filter offers the distinct studies that have forms (forms.studies).
import { useTranslation } from 'react-i18next';
import { Filter } from 'lucide-react';
import { SearchBox } from '@/components/search-box';
import { FORM_STATUSES } from '@ctp/contracts';
import { trpc } from '@/lib/trpc';
import { NativeSelect } from '@/components/ui/input';

export function FormsFilters({
  search,
  studyId,
  status,
  onSearch,
  onStudy,
  onStatus,
}: {
  search: string;
  studyId: number | undefined;
  status: string | undefined;
  onSearch: (q: string) => void;
  onStudy: (id: string) => void;
  onStatus: (s: string) => void;
}) {
  const { t } = useTranslation('forms');
  const studies = trpc.forms.studies.useQuery();
  return (
    <div className="flex flex-wrap items-center gap-3">
      <SearchBox
        value={search}
        onSearch={onSearch}
        label={t('filters.search')}
        placeholder={t('filters.searchPlaceholder')}
      />
      <div className="flex flex-wrap items-center gap-2">
        <Filter className="h-4 w-4 text-muted-foreground" aria-hidden />
        <NativeSelect
          className="w-44"
          aria-label={t('filters.study')}
          value={studyId ? String(studyId) : ''}
          onChange={(e) => onStudy(e.target.value)}
        >
          <option value="">{t('filters.allStudies')}</option>
          {studies.data?.map((s) => (
            <option key={s.id} value={String(s.id)}>
              {s.studyId}
            </option>
          ))}
        </NativeSelect>
        <NativeSelect
          className="w-40"
          aria-label={t('filters.status')}
          value={status ?? ''}
          onChange={(e) => onStatus(e.target.value)}
        >
          <option value="">{t('filters.allStatuses')}</option>
          {FORM_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`status.${s}`)}
            </option>
          ))}
        </NativeSelect>
      </div>
    </div>
  );
}
