// Search (applied on Enter or with the search button) and status filter of the Sites list; both are
// executed by the server.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Search } from 'lucide-react';
import { SITE_STATUSES } from '@ctp/contracts';
import { Button } from '@/components/ui/button';
import { Input, NativeSelect } from '@/components/ui/input';

export function SiteFilters({
  search,
  status,
  onChange,
}: {
  search: string;
  status: string;
  onChange: (changes: { search?: string; status?: string }) => void;
}) {
  const { t } = useTranslation('sites');
  const tc = useTranslation('common').t;
  const [text, setText] = useState(search);
  const [applied, setApplied] = useState(search);
  // The URL changed under us (back button, link): show what is applied.
  if (search !== applied) {
    setApplied(search);
    setText(search);
  }
  return (
    <form
      role="search"
      className="flex flex-wrap gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        onChange({ search: text.trim() });
      }}
    >
      <div className="relative min-w-56 flex-1">
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
        className="w-44"
        value={status}
        onChange={(e) => onChange({ status: e.target.value })}
        aria-label={t('filters.status')}
      >
        <option value="">{t('filters.allStatuses')}</option>
        {SITE_STATUSES.map((s) => (
          <option key={s} value={s}>
            {tc(`status.${s}`)}
          </option>
        ))}
      </NativeSelect>
      <Button type="submit" variant="outline">
        {t('filters.apply')}
      </Button>
    </form>
  );
}
