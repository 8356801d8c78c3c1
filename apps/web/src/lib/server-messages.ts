// The server's messages in the reader's language. A refusal arrives with its key (its English
// template, a key of the `validation` namespace) and values in data.messageKey and data.params; a text
// the server stored (an automatic query, the note closing one) with its *Key and *Params. Both are
// written here through the `validation` namespace, the values' numbers formatted in the app's language;
// without a translation, the English the server wrote.
import i18next from 'i18next';
import { formatParams } from './format';

export type MessageParams = Record<string, string | number>;

const OPTIONS = { ns: 'validation', keySeparator: false, nsSeparator: false } as const;

/** Values that are status codes, by their name: written in the reader's words (the screens' own vocabulary). */
const VOCABULARY: Record<string, string> = { queryStatus: 'queries:lifecycle.', fromStatus: 'common:status.', toStatus: 'common:status.' };

function wordsFor(params: MessageParams): MessageParams {
  const out: MessageParams = { ...params };
  for (const [name, prefix] of Object.entries(VOCABULARY)) {
    const code = params[name];
    if (typeof code === 'string') out[name] = i18next.t(`${prefix}${code}`, { defaultValue: code });
  }
  return out;
}

/** A server message by its key and values, in the app's language; `english` when there is no translation. */
export function serverMessageText(key: string, params: MessageParams | null | undefined, english: string): string {
  return i18next.t(key, { ...OPTIONS, ...formatParams(wordsFor(params ?? {})), defaultValue: english });
}

/** A stored text: in the reader's language when the server wrote it (it has a key), else as written. */
export function storedText(text: string, key: string | null | undefined, params: MessageParams | null | undefined): string {
  return key ? serverMessageText(key, params, text) : text;
}

type KeyedError = { message: string; data?: { messageKey?: string; params?: MessageParams; fieldErrors?: Record<string, string[] | undefined> } | null };

/**
 * Rewrites a tRPC error's message (and the field issues that repeat it) in the app's language when the
 * server sent its key, so every screen that shows error.message shows it translated.
 */
export function localiseServerError(error: unknown): void {
  const e = error as KeyedError | null;
  const key = e?.data?.messageKey;
  if (!e || !key) return;
  const english = e.message;
  const text = serverMessageText(key, e.data?.params, english);
  if (text === english) return;
  e.message = text;
  const fields = e.data?.fieldErrors;
  if (fields) for (const [name, list] of Object.entries(fields)) fields[name] = list?.map((m) => (m === english ? text : m));
}
