// The server's messages in the reader's language from their key and values: every message of the
// catalogue has a translation in each language, a refusal's message is rewritten, a stored automatic
// text is read in the language, numbers formatted the language's way, and texts without a key stay.
import fs from 'node:fs';
import path from 'node:path';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MESSAGES } from '@ctp/contracts';
import { localiseServerError, storedText } from '../src/lib/server-messages';

const LANGUAGES = ['en', 'de', 'es', 'fr', 'ja'] as const;
const validation = (lang: string) =>
  JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, `../src/locales/${lang}/validation.json`), 'utf8')) as Record<string, string>;

describe('server messages', () => {
  beforeAll(async () => {
    const resources = Object.fromEntries(LANGUAGES.map((l) => [l, { validation: validation(l) }]));
    await i18next.init({ resources, lng: 'de', fallbackLng: 'en', interpolation: { escapeValue: false } });
  });

  it('every message of the catalogue is translated in every language, with the same placeholders', () => {
    for (const lang of LANGUAGES) {
      const strings = validation(lang);
      for (const template of Object.values(SERVER_MESSAGES)) {
        expect(strings[template], `${lang}: ${template}`).toBeTruthy();
        const names = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
        expect(names(strings[template]!), `${lang}: ${template}`).toEqual(names(template));
      }
    }
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

  it('reads an automatic query text in the language, its numbers formatted, and a person’s text as written', () => {
    expect(storedText('Vital signs was not entered for Day 7 before its window closed.', SERVER_MESSAGES.missingForm, { form: 'Vital signs', visit: 'Day 7' })).toBe(
      'Vital signs wurde für Day 7 nicht vor Ende des Zeitfensters eingegeben.',
    );
    expect(storedText('Expected between 1234.5 and 2000 mg', SERVER_MESSAGES.rangeBetweenUnit, { min: 1234.5, max: 2000, unit: 'mg' })).toBe(
      'Erwartet zwischen 1.234,5 und 2.000 mg',
    );
    expect(storedText('Please confirm the weight', null, null)).toBe('Please confirm the weight');
  });
});
