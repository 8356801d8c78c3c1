// Search box, study filter and status filter of the forms list; all three are applied by the server.
// The study filter offers the distinct studies that have forms (forms.studies).
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Filter, Search } from 'lucide-react';
import { FORM_STATUSES } from '@ctp/contracts';
import { trpc } from '@/lib/trpc';
import { Input, NativeSelect } from '@/components/ui/input';

const DEBOUNCE_MS = 300;

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
  const [text, setText] = useState(search);
  // Typing settles before the request goes out; an outside change (Back, Clear Filters) refills the box.
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
          placeholder={t('filters.searchPlaceholder')}
          aria-label={t('filters.search')}
          onChange={(e) => setText(e.target.value)}
        />
      </div>
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
