// Counts in sentences take the plural form their number asks for, in every language: the locale files
// carry every plural category of each language (_one/_other, Spanish and French _many, Japanese
// _other), and the notable sentences read right with 1 and with 3.
import fs from 'node:fs';
import path from 'node:path';
import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { countedText } from '../src/lib/counted-text';

const LOCALES = path.resolve(import.meta.dirname, '../src/locales');
const LANGUAGES = ['en', 'de', 'es', 'fr', 'ja'] as const;
type Bundle = Record<string, unknown>;

function read(lang: string): Record<string, Bundle> {
  const dir = path.join(LOCALES, lang);
  return Object.fromEntries(
    fs.readdirSync(dir).map((f) => [f.replace(/\.json$/, ''), JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as Bundle]),
  );
}

function flat(o: Bundle, prefix = '', out: Record<string, string> = {}) {
  for (const [k, v] of Object.entries(o)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object') flat(v as Bundle, key, out);
    else out[key] = String(v);
  }
  return out;
}

const SUFFIX = /_(zero|one|two|few|many|other)$/;

describe('plural keys in the locale files', () => {
  for (const lang of LANGUAGES) {
    it(`${lang}: every counted string has each plural category of the language`, () => {
      const categories = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
      const missing: string[] = [];
      for (const [ns, bundle] of Object.entries(read(lang))) {
        const keys = flat(bundle);
        const bases = new Set(Object.keys(keys).filter((k) => SUFFIX.test(k)).map((k) => k.replace(SUFFIX, '')));
        for (const base of bases) for (const c of categories) if (!(`${base}_${c}` in keys)) missing.push(`${ns}:${base}_${c}`);
      }
      expect(missing).toEqual([]);
    });
  }
});

describe('notable counts with 1 and 3', () => {
  beforeAll(async () => {
    const resources = Object.fromEntries(LANGUAGES.map((l) => [l, read(l)]));
    await i18next.init({ resources, lng: 'en', fallbackLng: 'en', interpolation: { escapeValue: false } });
  });

  const render = (lang: string, ns: string, run: (t: TFunction) => string) => run(i18next.getFixedT(lang, ns));
  const created = (n: number, m: number) => (t: TFunction) =>
    t('review.created', { forms: t('review.draftForms', { count: n }), visits: t('review.visitsAdded', { count: m }) });
  const signatures = (n: number) => (t: TFunction) => countedText(t, 'compliance.checkTexts.electronicSignatures', { signatures: n });

  it('English', () => {
    expect(render('en', 'protocol', created(1, 3))).toBe('Created 1 draft form and 3 visits.');
    expect(render('en', 'protocol', created(3, 1))).toBe('Created 3 draft forms and 1 visit.');
    expect(render('en', 'dashboard', signatures(1))).toBe('Electronic signatures in use (1 signature)');
    expect(render('en', 'dashboard', signatures(3))).toBe('Electronic signatures in use (3 signatures)');
    expect(render('en', 'casebook', (t) => t('signature.entries', { count: 1 }))).toBe('1 entry');
    expect(render('en', 'casebook', (t) => t('signature.entries', { count: 3 }))).toBe('3 entries');
    expect(render('en', 'coding', (t) => t('dictionaries.terms', { count: 1 }))).toBe('1 term');
    expect(render('en', 'coding', (t) => t('dictionaries.terms', { count: 1234 }))).toBe('1,234 terms');
    expect(render('en', 'cdisc', (t) => countedText(t, 'cards.formula.issues', { errors: 1, warnings: 3 }))).toBe(
      '1 error + 3 warnings of the latest validation',
    );
  });

  it('German', () => {
    expect(render('de', 'protocol', created(1, 3))).toBe('1 Formularentwurf und 3 Visiten angelegt.');
    expect(render('de', 'protocol', created(3, 1))).toBe('3 Formularentwürfe und 1 Visite angelegt.');
    expect(render('de', 'dashboard', signatures(1))).toBe('Elektronische Signaturen in Gebrauch (1 Signatur)');
    expect(render('de', 'dashboard', signatures(3))).toBe('Elektronische Signaturen in Gebrauch (3 Signaturen)');
    expect(render('de', 'coding', (t) => t('dictionaries.terms', { count: 1234 }))).toBe('1.234 Begriffe');
  });

  it('Spanish, French and Japanese', () => {
    expect(render('es', 'protocol', created(1, 3))).toBe('Se crearon 1 formulario en borrador y 3 visitas.');
    expect(render('fr', 'protocol', created(1, 3))).toBe('1 formulaire brouillon et 3 visites créés.');
    expect(render('ja', 'protocol', created(1, 3))).toBe('フォームの下書き1件と来院3件を作成しました。');
    // A million takes the "many" form in Spanish and French, which must not fall back to English.
    expect(render('es', 'dashboard', signatures(1_000_000))).toBe('Firmas electrónicas en uso (1.000.000 firmas)');
    expect(render('fr', 'casebook', (t) => t('signature.entries', { count: 1_000_000 }))).not.toMatch(/entries/);
  });

  it('every notable sentence is filled in every language', () => {
    for (const lang of LANGUAGES) {
      for (const n of [1, 3]) {
        for (const text of [render(lang, 'protocol', created(n, n)), render(lang, 'dashboard', signatures(n))]) {
          expect(text).not.toMatch(/\{\{|\}\}|Counts/);
          expect(text).toContain(String(n));
        }
      }
    }
  });
});
