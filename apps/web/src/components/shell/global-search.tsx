// The top bar's search: studies, subjects, sites, forms and queries the user may see, found by the
// server (search.global) as the user types, grouped by kind, and opened with the mouse or the keyboard.
// A combobox over a listbox (WAI-ARIA 1.2): focus stays in the input, the active option is named by
// aria-activedescendant, so typing and arrowing never fight over focus.
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { keepPreviousData } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import type { SearchItem, SearchKind } from '@ctp/contracts';
import { trpc } from '@/lib/trpc';
import { serverError } from '@/lib/server-error';
import { translateValidation } from '@/lib/validation-messages';
import { cn } from '@/lib/utils';
import { Input } from '@/components/ui/input';

/** The server refuses shorter terms (one character matches nearly everything). */
const MIN_TERM = 2;
/** Typing pauses this long before a request: one per word typed, not one per key. */
const DEBOUNCE_MS = 250;

type Option = SearchItem & { kind: SearchKind };

/** True when a key press is meant for a field the user is typing in, so '/' must stay a character. */
function typingIn(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return !!el && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName));
}

export function GlobalSearch() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const listboxId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const [value, setValue] = useState('');
  const [term, setTerm] = useState('');
  const [open, setOpen] = useState(false);
  // The active option by its link, not its index: a new answer that still holds it keeps it active.
  const [activeHref, setActiveHref] = useState<string | null>(null);

  useEffect(() => {
    const timer = window.setTimeout(() => setTerm(value.trim()), DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [value]);

  // react-query keys by term: an answer to an older term never replaces the latest one, and the
  // previous answer stays on screen (placeholder) until the new one arrives, so the list does not blink.
  // Stale after 30 s (the app's queries never are): a record created since shows up on the next search.
  const ready = term.length >= MIN_TERM;
  const query = trpc.search.global.useQuery({ term }, { enabled: ready, placeholderData: keepPreviousData, staleTime: 30_000 });
  const result = ready ? query.data : undefined;
  const options = useMemo<Option[]>(
    () => result?.groups.flatMap((g) => g.items.map((item) => ({ ...item, kind: g.kind }))) ?? [],
    [result],
  );
  // Each non-empty group with the index of its first option in `options` (the arrows walk across groups).
  const groups = useMemo(() => {
    let start = 0;
    return (result?.groups ?? [])
      .filter((g) => g.items.length > 0)
      .map((g) => {
        const at = start;
        start += g.items.length;
        return { ...g, start: at };
      });
  }, [result]);
  const activeIndex = options.findIndex((o) => o.href === activeHref);
  const optionId = (i: number) => `${listboxId}-option-${i}`;
  const showPanel = open && value.trim().length >= MIN_TERM;

  // Ctrl+K (Cmd+K) anywhere, or '/' when not typing elsewhere, puts the cursor in the search.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const shortcut = ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'k') || (e.key === '/' && !e.ctrlKey && !e.metaKey && !e.altKey && !typingIn(e.target));
      if (!shortcut) return;
      e.preventDefault();
      inputRef.current?.focus();
      inputRef.current?.select();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  // A click anywhere else closes the panel (the input keeps its text).
  useEffect(() => {
    if (!showPanel) return;
    const onDown = (e: MouseEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [showPanel]);

  const go = (option: Option) => {
    setOpen(false);
    setActiveHref(null);
    inputRef.current?.blur();
    navigate(option.href);
  };

  const move = (step: 1 | -1) => {
    setOpen(true);
    if (!options.length) return;
    const from = activeIndex < 0 ? (step === 1 ? -1 : 0) : activeIndex;
    const next = (from + step + options.length) % options.length;
    setActiveHref(options[next]!.href);
    document.getElementById(optionId(next))?.scrollIntoView({ block: 'nearest' });
  };

  const onKeyDown = (e: ReactKeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      move(e.key === 'ArrowDown' ? 1 : -1);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      // Without an active option, Enter opens the best match (the first).
      const option = options[activeIndex] ?? options[0];
      if (showPanel && option) go(option);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      // First Escape closes the panel; a second one clears the search.
      if (showPanel) setOpen(false);
      else {
        setValue('');
        setTerm('');
      }
      setActiveHref(null);
    }
  };

  return (
    <div ref={rootRef} role="search" className="relative max-w-md flex-1">
      <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
      <Input
        ref={inputRef}
        className="pl-9"
        type="text"
        autoComplete="off"
        maxLength={100}
        spellCheck={false}
        role="combobox"
        aria-label={t('topbar.search')}
        aria-autocomplete="list"
        aria-expanded={showPanel}
        aria-controls={listboxId}
        aria-activedescendant={showPanel && activeIndex >= 0 ? optionId(activeIndex) : undefined}
        placeholder={t('topbar.searchPlaceholder')}
        value={value}
        onChange={(e) => {
          setValue(e.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
      />
      {/* Always in the DOM, so aria-controls names an element; hidden while closed. */}
      <div
        id={listboxId}
        role="listbox"
        aria-label={t('topbar.searchResults')}
        hidden={!showPanel}
        className="absolute left-0 right-0 top-full z-50 mt-1 max-h-[70vh] overflow-y-auto rounded-md border border-border bg-white py-1 text-sm shadow-lg"
      >
        {showPanel && !result && !query.isError && <div className="px-3 py-2 text-muted-foreground">{t('topbar.searching')}</div>}
        {showPanel && !result && query.isError && (
          <div role="alert" className="px-3 py-2 text-destructive">{translateValidation(t, serverError(query.error).message)}</div>
        )}
        {showPanel && result && options.length === 0 && (
          <div className="px-3 py-2 text-muted-foreground" data-testid="search-empty">{t('topbar.noResults', { term: result.term })}</div>
        )}
        {showPanel &&
          groups.map((group) => {
            const headingId = `${listboxId}-${group.kind}`;
            return (
              <div key={group.kind} role="group" aria-labelledby={headingId}>
                <div id={headingId} className="px-3 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
                  {t(`topbar.searchGroups.${group.kind}`)}
                </div>
                {group.items.map((item, k) => {
                  const i = group.start + k;
                  const active = i === activeIndex;
                  return (
                    <div
                      key={item.href}
                      id={optionId(i)}
                      role="option"
                      aria-selected={active}
                      data-testid="search-result"
                      data-kind={group.kind}
                      data-href={item.href}
                      className={cn('cursor-pointer px-3 py-1.5', active && 'bg-primary/10')}
                      // mousedown would blur the input before the click lands.
                      onMouseDown={(e) => e.preventDefault()}
                      // Move, not enter: a panel opening under a resting pointer must not pick an option.
                      onMouseMove={() => !active && setActiveHref(item.href)}
                      onClick={() => go({ ...item, kind: group.kind })}
                    >
                      <div className="truncate font-medium">{item.title}</div>
                      {item.subtitle && <div className="truncate text-xs text-muted-foreground">{item.subtitle}</div>}
                    </div>
                  );
                })}
              </div>
            );
          })}
      </div>
    </div>
  );
}
