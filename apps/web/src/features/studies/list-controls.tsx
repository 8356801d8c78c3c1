import { useTranslation } from 'react-i18next';
import { Filter } from 'lucide-react';
import { SearchBox } from '@/components/search-box';
import { STUDY_STATUSES } from '@ctp/contracts';
import { NativeSelect } from '@/components/ui/input';

/** Search box and status filter; both are applied by the server (the list procedures filter in SQL). */
export function ListControls({
  search,
  status,
  onSearch,
  onStatus,
  placeholder,
  searchLabel,
}: {
  search: string;
  status: string | undefined;
  onSearch: (q: string) => void;
  onStatus: (s: string) => void;
  placeholder: string;
  searchLabel: string;
}) {
  const { t } = useTranslation('studies');
  const { t: tc } = useTranslation('common');
  return (
    <div className="flex flex-wrap items-center gap-3">
      <SearchBox value={search} onSearch={onSearch} label={searchLabel} placeholder={placeholder} />
      <div className="flex items-center gap-2">
        <Filter className="h-4 w-4 text-muted-foreground" aria-hidden />
        <NativeSelect
          className="w-44"
          aria-label={t('list.statusFilter')}
          value={status ?? ''}
          onChange={(e) => onStatus(e.target.value)}
        >
          <option value="">{t('list.allStatuses')}</option>
          {STUDY_STATUSES.map((s) => (
            <option key={s} value={s}>
              {tc(`status.${s}`, { defaultValue: s })}
            </option>
          ))}
        </NativeSelect>
      </div>
    </div>
  );
}
