// A sentence with several counted things ("Created 1 draft form and 3 visits"): i18next picks a plural
// form by one `count` only, so each counted parameter gets its own plural keys beside the sentence,
// `<key>Counts.<param>_one/_other` ("{{count, number}} draft form"), rendered first and put into the
// sentence ("Created {{forms}} and {{visits}}."). A sentence without such keys renders as before.
import type { TFunction } from 'i18next';
import { formatParams } from './format';

type Params = Record<string, string | number | null | undefined>;

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** The parameters that have plural keys under `<key>Counts` (in the language of `t` or English). */
function countedNames(t: TFunction, key: string): string[] {
  const forms: unknown = t(`${key}Counts`, { returnObjects: true, defaultValue: {} });
  if (!forms || typeof forms !== 'object') return [];
  return [...new Set(Object.keys(forms).map((k) => k.replace(PLURAL_SUFFIX, '')))];
}

/**
 * `key` with each counted parameter written as its number and noun in the plural form the number
 * takes; the other numbers are formatted in the app's language (formatParams). `defaultValue` is the
 * text to show when the key is unknown (a server's English message).
 */
export function countedText(t: TFunction, key: string, params: Params = {}, defaultValue?: string): string {
  const words: Record<string, string> = {};
  for (const name of countedNames(t, key)) {
    const count = params[name];
    if (typeof count === 'number') words[name] = t(`${key}Counts.${name}`, { count });
  }
  const given = Object.fromEntries(Object.entries(params).filter((e): e is [string, string | number | null] => e[1] !== undefined));
  return t(key, { ...formatParams(given), ...words, ...(defaultValue === undefined ? {} : { defaultValue }) });
}
