// Every string of the English locale files exists in every other language, so no screen (two-factor
// set-up, the administrators' account actions, ...) falls back to English. Counted strings are keyed by
// their plural categories (plurals.unit.test.ts checks each language has its own), so they are compared
// by their base key.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const LOCALES = path.resolve(import.meta.dirname, '../src/locales');
const LANGUAGES = ['de', 'es', 'fr', 'ja'] as const;
const SUFFIX = /_(zero|one|two|few|many|other)$/;

function keysOf(lang: string, file: string): Set<string> {
  const out = new Set<string>();
  const walk = (o: Record<string, unknown>, prefix: string) => {
    for (const [k, v] of Object.entries(o)) {
      const key = prefix ? `${prefix}.${k}` : k;
      if (v && typeof v === 'object') walk(v as Record<string, unknown>, key);
      else out.add(key.replace(SUFFIX, ''));
    }
  };
  // The validation namespace's keys are English sentences (dots included): not split into a tree.
  const bundle = JSON.parse(fs.readFileSync(path.join(LOCALES, lang, file), 'utf8')) as Record<string, unknown>;
  if (file === 'validation.json') for (const k of Object.keys(bundle)) out.add(k.replace(SUFFIX, ''));
  else walk(bundle, '');
  return out;
}

describe('locale files', () => {
  const files = fs.readdirSync(path.join(LOCALES, 'en'));
  for (const lang of LANGUAGES) {
    it(`${lang}: has every English string`, () => {
      const missing: string[] = [];
      for (const file of files) {
        const own = fs.existsSync(path.join(LOCALES, lang, file)) ? keysOf(lang, file) : new Set<string>();
        for (const key of keysOf('en', file)) if (!own.has(key)) missing.push(`${file}: ${key}`);
      }
      expect(missing).toEqual([]);
    });
  }
});
