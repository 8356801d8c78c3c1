// The server's messages in the reader's language from their key and values: every message of the
// catalogue has a translation in each language, a refusal's message is rewritten, a stored automatic
// text is read in the language, numbers formatted the language's way, and texts without a key stay.
import fs from 'node:fs';
import path from 'node:path';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { englishMessage, keyedMessage, messageKeyOf, SERVER_MESSAGES } from '@ctp/contracts';
import { localiseServerError, storedText } from '../src/lib/server-messages';

const LANGUAGES = ['en', 'de', 'es', 'fr', 'ja'] as const;
const validation = (lang: string) =>
  JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, `../src/locales/${lang}/validation.json`), 'utf8')) as Record<string, string>;

describe('server messages', () => {
  beforeAll(async () => {
    const bundle = (l: string, ns: string) => JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, `../src/locales/${l}/${ns}.json`), 'utf8')) as Record<string, unknown>;
    const resources = Object.fromEntries(LANGUAGES.map((l) => [l, { validation: validation(l), queries: bundle(l, 'queries'), common: bundle(l, 'common') }]));
    await i18next.init({ resources, lng: 'de', fallbackLng: 'en', interpolation: { escapeValue: false } });
  });

  it('every message of the catalogue is translated in every language, with the same placeholders', () => {
    const names = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    for (const lang of LANGUAGES) {
      const strings = validation(lang);
      for (const template of Object.values(SERVER_MESSAGES)) {
        // A counted message: each plural category of the language under its key (the English plural).
        const keys =
          typeof template === 'string'
            ? [template]
            : new Intl.PluralRules(lang).resolvedOptions().pluralCategories.map((category) => `${messageKeyOf(template)}_${category}`);
        const placeholders = names(typeof template === 'string' ? template : template.other);
        for (const key of keys) {
          expect(strings[key], `${lang}: ${key}`).toBeTruthy();
          expect(names(strings[key]!), `${lang}: ${key}`).toEqual(placeholders);
        }
      }
    }
  });

  it('the catalogue names each message once (one key, one translation)', () => {
    const keys = Object.values(SERVER_MESSAGES).map(messageKeyOf);
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
  });

  it('a counted refusal reads in the plural form its number asks for', () => {
    const one = keyedMessage('openQueriesLockCasebook', { count: 1, codes: 'Q-1' });
    const error = (count: number, codes: string) => ({
      message: englishMessage(SERVER_MESSAGES.openQueriesLockCasebook, { count, codes }),
      data: { messageKey: one.key, params: { count, codes } },
    });
    expect(error(1, 'Q-1').message).toBe('There is 1 open query (Q-1); confirm that you lock the casebook with it open');
    const single = error(1, 'Q-1');
    localiseServerError(single);
    expect(single.message).toBe('Es gibt 1 offene Anfrage (Q-1); bestätigen Sie, dass Sie das Casebook trotzdem sperren');
    const three = error(3, 'Q-1, Q-2, Q-3');
    localiseServerError(three);
    expect(three.message).toBe('Es gibt 3 offene Anfragen (Q-1, Q-2, Q-3); bestätigen Sie, dass Sie das Casebook trotzdem sperren');
  });

  it("rewrites a refusal's message (and the field issue repeating it) in the reader's language", () => {
    const error = {
      message: 'Study code ONC-1 is already in use',
      data: { messageKey: SERVER_MESSAGES.studyCodeTaken, params: { code: 'ONC-1' }, fieldErrors: { studyId: ['Study code ONC-1 is already in use'] } },
    };
    localiseServerError(error);
    expect(error.message).toBe('Der Studiencode ONC-1 wird bereits verwendet');
    expect(error.data.fieldErrors.studyId).toEqual(['Der Studiencode ONC-1 wird bereits verwendet']);
    const plain = { message: 'Something the server did not key', data: {} };
    localiseServerError(plain);
    expect(plain.message).toBe('Something the server did not key');
  });

  it('writes status codes in the reader\'s words (the screens\' vocabulary)', () => {
    const error = {
      message: 'A query that is closed cannot be answered',
      data: { messageKey: SERVER_MESSAGES.queryCannotAnswer, params: { queryStatus: 'closed' } },
    };
    localiseServerError(error);
    expect(error.message).toBe('Eine Anfrage mit Status „Geschlossen“ kann nicht beantwortet werden');
    const subject = { message: 'A subject cannot move from screening to completed', data: { messageKey: SERVER_MESSAGES.subjectTransition, params: { fromStatus: 'screening', toStatus: 'completed' } } };
    localiseServerError(subject);
    expect(subject.message).toBe('Ein Proband kann nicht von „im Screening“ zu „abgeschlossen“ wechseln');
  });

  it('reads an automatic query text in the language, its numbers formatted, and a person’s text as written', () => {
    expect(storedText('Vital signs was not entered for Day 7 before its window closed.', SERVER_MESSAGES.missingForm, { form: 'Vital signs', visit: 'Day 7' })).toBe(
      'Vital signs wurde für Day 7 nicht vor Ende des Zeitfensters eingegeben.',
    );
    expect(storedText('Expected between 1234.5 and 2000 mg', SERVER_MESSAGES.rangeBetweenUnit, { min: 1234.5, max: 2000, unit: 'mg' })).toBe(
      'Erwartet zwischen 1.234,5 und 2.000 mg',
    );
    expect(storedText('Please confirm the weight', null, null)).toBe('Please confirm the weight');
    // A notification's title (migration 0046); one written before has no key and reads as written.
    expect(storedText('Query Q-7 raised', SERVER_MESSAGES.queryRaisedTitle, { code: 'Q-7' })).toBe('Anfrage Q-7 gestellt');
    expect(storedText('Query Q-7 raised', null, null)).toBe('Query Q-7 raised');
  });
});
