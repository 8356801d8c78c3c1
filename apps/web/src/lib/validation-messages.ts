// Validation messages in the reader's language. zod's issues without a message of their own get the
// friendly messages of @ctp/contracts ("Enter at least {{minimum}} characters", "This field is
// required"), translated through the `validation` namespace (z.config customError, layered over zod's
// locale bundles, which still speak for anything else); the contracts' messages ("Give a reason for the
// change") and the server's are looked up by their English text in the `validation` namespace
// (locales/<lang>/validation.json), falling back to the text itself.
//
// The server writes plain English, values included ("Enter at most 300 characters", "Study code
// ONC-1 is already in use"): REST clients and the API tests read it. Its refusals and stored texts
// also carry their key and values (lib/server-messages.ts renders those); a message without them, such
// as a field issue, is recognised here by its English template, a key with {{name}} placeholders in
// locales/en/validation.json, and translated with the values it carried.
import i18next, { type TFunction } from 'i18next';
import { z } from 'zod';
import { de, en, es, fr, ja } from 'zod/v4/locales';
import { formatIssueMessage, issueMessage } from '@ctp/contracts';
import english from '@/locales/en/validation.json';

const ZOD_LOCALES: Record<string, () => Parameters<typeof z.config>[0]> = { de, en, es, fr, ja };
const OPTIONS = { ns: 'validation', keySeparator: false, nsSeparator: false } as const;

const numberFormat = (language: string) => {
  const format = new Intl.NumberFormat(language);
  return (n: number) => format.format(n);
};

/** Makes zod write its messages in this language (the app's language code). */
export function setZodMessagesLanguage(language: string) {
  const t = i18next.getFixedT(language);
  const formatNumber = numberFormat(language);
  z.config({
    ...(ZOD_LOCALES[language] ?? en)(),
    customError: (issue) => {
      const m = issueMessage(issue);
      if (!m) return undefined;
      const params = Object.fromEntries(Object.entries(m.params).map(([k, v]) => [k, formatNumber(v)]));
      return t(m.template, { ...OPTIONS, ...params, defaultValue: formatIssueMessage(m, formatNumber) });
    },
  });
}

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
