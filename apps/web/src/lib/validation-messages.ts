// Validation messages in the reader's language. zod's own messages ("Too big: ...") come from zod's
// locale bundles, switched with the app's language; the contracts' messages ("Give a reason for the
// change") are looked up by their English text in the `validation` namespace
// (locales/<lang>/validation.json), falling back to the text itself.
import type { TFunction } from 'i18next';
import { z } from 'zod';
import { de, en, es, fr, ja } from 'zod/v4/locales';

const ZOD_LOCALES: Record<string, () => Parameters<typeof z.config>[0]> = { de, en, es, fr, ja };

/** Makes zod write its default messages in this language (the app's language code). */
export function setZodMessagesLanguage(language: string) {
  z.config((ZOD_LOCALES[language] ?? en)());
}

/** A validation message (the contracts' or the server's) in the reader's language, when it is known. */
export function translateValidation(t: TFunction, message: string): string {
  return t(message, { ns: 'validation', keySeparator: false, nsSeparator: false, defaultValue: message });
}
