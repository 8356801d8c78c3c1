// Search (on Enter), role and status filters of the user list; the server filters.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Search } from 'lucide-react';
import { ROLES, USER_STATUSES } from '@ctp/contracts';
import { Input, NativeSelect } from '@/components/ui/input';

export function UserFilters({
  search,
  role,
  status,
  onChange,
}: {
  search: string;
  role: string;
  status: string;
  onChange: (changes: { search?: string; role?: string; status?: string }) => void;
}) {
  const { t } = useTranslation('admin');
  const tc = useTranslation('common').t;
  const [text, setText] = useState(search);
  const [applied, setApplied] = useState(search);
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
        <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
        <Input className="pl-9" value={text} onChange={(e) => setText(e.target.value)} placeholder={t('filters.searchPlaceholder')} aria-label={t('filters.search')} />
      </div>
      <NativeSelect className="w-52" value={role} onChange={(e) => onChange({ role: e.target.value })} aria-label={t('filters.role')}>
        <option value="">{t('filters.allRoles')}</option>
        {ROLES.map((r) => (
          <option key={r} value={r}>{tc(`roles.${r}`)}</option>
        ))}
      </NativeSelect>
      <NativeSelect className="w-40" value={status} onChange={(e) => onChange({ status: e.target.value })} aria-label={t('filters.status')}>
        <option value="">{t('filters.allStatuses')}</option>
        {USER_STATUSES.map((s) => (
          <option key={s} value={s}>{t(`status.${s}`)}</option>
        ))}
      </NativeSelect>
    </form>
  );
}
