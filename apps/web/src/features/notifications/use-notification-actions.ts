// Marking notifications read (one, several or all); every mark refreshes the bell and the page.
import { trpc } from '@/lib/trpc';

export function useNotificationActions() {
  const utils = trpc.useUtils();
  const onSuccess = () => utils.notifications.invalidate();
  const markRead = trpc.notifications.markRead.useMutation({ onSuccess });
  const markAllRead = trpc.notifications.markAllRead.useMutation({ onSuccess });
  return { markRead, markAllRead };
}
