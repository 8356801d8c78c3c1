// Messages that arrive as English text (the contracts' own, zod's field issues, the server's refusals
// without a key) in the reader's language: looked up by their English text in the `validation`
// namespace; a message with a value is recognised by its English template (a key with {{name}}
// placeholders in locales/en/validation.json) and translated with the values it carried. Without zod,
// so that the log-in page reads its refusals before any form library is loaded.
import i18next, { type TFunction } from 'i18next';
import english from '@/locales/en/validation.json';

export const VALIDATION_OPTIONS = { ns: 'validation', keySeparator: false, nsSeparator: false } as const;
const OPTIONS = VALIDATION_OPTIONS;

/** Numbers written in this language's way. */
export const numberFormat = (language: string) => {
  const format = new Intl.NumberFormat(language);
  return (n: number) => format.format(n);
};

/** Placeholders that hold numbers: the server writes them with English grouping (1,000,000). */
const NUMBER_PARAMS = new Set(['minimum', 'maximum', 'length']);
const NUMBER = String.raw`-?\d+(?:,\d{3})*(?:\.\d+)?`;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The English templates (keys with {{placeholders}}) as patterns that read the values back. */
const TEMPLATES = Object.keys(english)
  .filter((key) => key.includes('{{'))
  .map((key) => {
    const names: string[] = [];
    const source = key
      .split(/(\{\{\w+\}\})/)
      .map((part) => {
        const name = /^\{\{(\w+)\}\}$/.exec(part)?.[1];
        if (!name) return escape(part);
        names.push(name);
        return NUMBER_PARAMS.has(name) ? `(${NUMBER})` : '(.+?)';
      })
      .join('');
    return { key, names, pattern: new RegExp(`^${source}$`) };
  });

function matchTemplate(message: string, formatNumber: (n: number) => string) {
  for (const { key, names, pattern } of TEMPLATES) {
    const match = pattern.exec(message);
    if (!match) continue;
    const params = Object.fromEntries(
      names.map((name, i) => {
        const value = match[i + 1]!;
        return [name, NUMBER_PARAMS.has(name) ? formatNumber(Number(value.replace(/,/g, ''))) : value];
      }),
    );
    return { key, params };
  }
  return null;
}

/** A validation message (the contracts' or the server's) in the reader's language, when it is known. */
export function translateValidation(t: TFunction, message: string): string {
  // A message that is a key itself ("This field is required") before any template it also fits ("{{label}} is required").
  if (message in english) return t(message, { ...OPTIONS, defaultValue: message });
  const template = matchTemplate(message, numberFormat(i18next.resolvedLanguage ?? i18next.language ?? 'en'));
  if (template) return t(template.key, { ...OPTIONS, ...template.params, defaultValue: message });
  return t(message, { ...OPTIONS, defaultValue: message });
}
