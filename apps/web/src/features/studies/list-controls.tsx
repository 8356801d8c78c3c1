import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Filter, Search } from 'lucide-react';
import { STUDY_STATUSES } from '@ctp/contracts';
import { Input, NativeSelect } from '@/components/ui/input';

const DEBOUNCE_MS = 300;

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
  const [text, setText] = useState(search);
  // Typing settles before the request goes out; an outside change (Back) refills the box.
  useEffect(() => setText((current) => (current.trim() === search ? current : search)), [search]);
  useEffect(() => {
    if (text.trim() === search) return;
    const timer = setTimeout(() => onSearch(text), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, search, onSearch]);
  return (
    <div className="flex flex-wrap items-center gap-3">
      <div className="relative min-w-56 flex-1">
        <Search
          className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden
        />
        <Input
          type="search"
          className="pl-9"
          value={text}
          placeholder={placeholder}
          aria-label={searchLabel}
          onChange={(e) => setText(e.target.value)}
        />
      </div>
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
