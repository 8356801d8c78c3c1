// The lists' search box: the term is sent 300 ms after the last keystroke (one request per pause, not
// per key), and a term changed under it (Back, a link, Clear Filters) refills the box.
import { useEffect, useState } from 'react';
import { Search } from 'lucide-react';
import { Input } from '@/components/ui/input';

const DEBOUNCE_MS = 300;

export function SearchBox({
  value,
  onSearch,
  label,
  placeholder,
}: {
  value: string;
  onSearch: (term: string) => void;
  label: string;
  placeholder?: string;
}) {
  const [text, setText] = useState(value);
  const [applied, setApplied] = useState(value);
  if (value !== applied) {
    setApplied(value);
    if (text.trim() !== value) setText(value);
  }
  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => onSearch(text.trim()), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);
  return (
    <div role="search" className="relative min-w-56 flex-1">
      <Search
        className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden
      />
      <Input
        type="search"
        className="pl-9"
        value={text}
        maxLength={100}
        placeholder={placeholder}
        aria-label={label}
        onChange={(e) => setText(e.target.value)}
      />
    </div>
  );
}
