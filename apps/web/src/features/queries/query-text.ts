// A query's question in the reader's language when the server wrote it (a missing form, a range
// check), as written when a person did (lib/server-messages.ts).
import { storedText, type MessageParams } from '@/lib/server-messages';

export function queryDescription(row: { description: string; descriptionKey?: string | null; descriptionParams?: MessageParams | null }): string {
  return storedText(row.description, row.descriptionKey, row.descriptionParams);
}
