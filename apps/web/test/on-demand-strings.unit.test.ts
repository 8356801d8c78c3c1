// The on-demand namespaces are named in three places that must agree: left out of i18n.ts's bulk glob,
// listed in i18n-on-demand.ts's glob, and given their own chunk in vite.config.ts. A namespace in one
// list and not another would either load twice or never.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const web = path.resolve(import.meta.dirname, '..');
const read = (file: string) => fs.readFileSync(path.join(web, file), 'utf8');
const names = (text: string, pattern: RegExp) => [...text.matchAll(pattern)].map((m) => m[1]).sort();

describe('on-demand strings', () => {
  it('are excluded from the bulk, loaded by the backend and chunked by vite, the same namespaces in each', () => {
    const excluded = names(read('src/lib/i18n.ts'), /'!\.\.\/locales\/\*\/([\w-]+)\.json'/g);
    const loaded = names(read('src/lib/i18n-on-demand.ts'), /'\.\.\/locales\/\*\/([\w-]+)\.json'/g);
    const block = /ON_DEMAND_NAMESPACES = \[([^\]]*)\]/.exec(read('vite.config.ts'))![1]!;
    const chunked = names(block, /'([\w-]+)'/g);
    expect(excluded.length).toBeGreaterThan(0);
    expect(loaded).toEqual(excluded);
    expect(chunked).toEqual(excluded);
    for (const ns of excluded) expect(fs.existsSync(path.join(web, 'src/locales/en', `${ns}.json`)), ns).toBe(true);
  });
});
