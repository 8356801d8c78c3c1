// A notification's title and body in the reader's language: the server stored, beside the English, the
// message's key and values (migration 0046); a body a person wrote, and older rows, show as written.
import type { NotificationItem } from '@ctp/contracts';
import { storedText } from '@/lib/server-messages';

export const notificationTitle = (n: NotificationItem) => storedText(n.title, n.titleKey, n.titleParams);
export const notificationBody = (n: NotificationItem) => storedText(n.body, n.bodyKey, n.bodyParams);
