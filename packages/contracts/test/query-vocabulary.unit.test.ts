// One vocabulary for queries: the English words the exports and notifications use (contracts) are the
// words the web shows, and every language names every status and type.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { QUERY_KIND_LABELS, QUERY_KINDS, QUERY_LIFECYCLE, QUERY_LIFECYCLE_LABELS } from '../src/index.ts';

const locale = (lang: string) =>
  JSON.parse(readFileSync(new URL(`../../../apps/web/src/locales/${lang}/queries.json`, import.meta.url), 'utf8')) as {
    lifecycle: Record<string, string>;
    kinds: Record<string, string>;
  };

describe('query vocabulary', () => {
  it('the English screens show the contracts words', () => {
    expect(locale('en').lifecycle).toEqual(QUERY_LIFECYCLE_LABELS);
    expect(locale('en').kinds).toEqual(QUERY_KIND_LABELS);
  });

  it.each(['de', 'es', 'fr', 'ja'])('%s names every status and type, each differently', (lang) => {
    const { lifecycle, kinds } = locale(lang);
    expect(Object.keys(lifecycle).sort()).toEqual([...QUERY_LIFECYCLE].sort());
    expect(Object.keys(kinds).sort()).toEqual([...QUERY_KINDS].sort());
    expect(new Set(Object.values(lifecycle)).size).toBe(QUERY_LIFECYCLE.length);
    expect(new Set(Object.values(kinds)).size).toBe(QUERY_KINDS.length);
  });
});
