// A text the server stores for people to read (a query's text, a notification's title and body): the
// English as written, and for a catalogue message its key and values (migrations 0038 and 0046), so the
// web shows it in the reader's language. A text a person wrote has no key.
import { englishText, type KeyedMessage } from '@ctp/contracts';

export function storedText(text: string | KeyedMessage): { text: string; key: string | null; params: string | null } {
  return typeof text === 'string'
    ? { text, key: null, params: null }
    : { text: englishText(text), key: text.key, params: JSON.stringify(text.params) };
}
