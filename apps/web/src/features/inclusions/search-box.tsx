// Search on the subject code, applied 300 ms after the last keystroke. The URL's term (?q=) is shown
// when it changes under us (back button, a link).
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Search } from 'lucide-react';
import { Input } from '@/components/ui/input';

const DEBOUNCE_MS = 300;

export function SearchBox({ value, onSearch }: { value: string; onSearch: (term: string) => void }) {
  const { t } = useTranslation('inclusions');
  const [text, setText] = useState(value);
  const [applied, setApplied] = useState(value);
  if (value !== applied) {
    setApplied(value);
    if (text.trim() !== value) setText(value);
  }

  useEffect(() => {
    const term = text.trim();
    if (term === value) return;
    const timer = setTimeout(() => onSearch(term), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);

  return (
    <div role="search" className="relative min-w-56 flex-1">
      <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
      <Input
        type="search"
        className="pl-9"
        value={text}
        maxLength={100}
        onChange={(e) => setText(e.target.value)}
        placeholder={t('search.placeholder')}
        aria-label={t('search.label')}
      />
    </div>
  );
}
