// The top bar's global search: one term, matched server-side across the records the user may see,
// answered as groups of a few links each (the web shows them in this order).
import { z } from 'zod';
import { text } from './input.ts';

export const SEARCH_KINDS = ['studies', 'subjects', 'sites', 'forms', 'queries', 'documents', 'submissions'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

export const globalSearchInput = z.object({
  // Two characters at least: one matches nearly everything and no trigram index can serve it.
  term: text('search').min(2, 'Type at least 2 characters'),
  /** Items per group. */
  limit: z.coerce.number().int().min(1).max(10).default(5),
});
export type GlobalSearchInput = z.input<typeof globalSearchInput>;

export interface SearchItem {
  id: number;
  title: string;
  subtitle: string | null;
  /** The web route that opens the record. */
  href: string;
}

export interface SearchGroup {
  kind: SearchKind;
  items: SearchItem[];
}

export interface GlobalSearchResult {
  term: string;
  groups: SearchGroup[];
}
