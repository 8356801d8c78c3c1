// The notifications page's filters and page, kept in the URL: ?show=unread, ?type=<kind>, ?page=N.
import { useSearchParams } from 'react-router-dom';
import { NOTIFICATION_KINDS, type NotificationKind } from './kinds';

export const NOTIFICATIONS_PAGE_SIZE = 20;

export function useNotificationFilters() {
  const [params, setParams] = useSearchParams();
  const unreadOnly = params.get('show') === 'unread';
  const rawKind = params.get('type');
  const kind = (NOTIFICATION_KINDS as readonly string[]).includes(rawKind ?? '') ? (rawKind as NotificationKind) : undefined;
  const rawPage = Number(params.get('page'));
  const page = Number.isInteger(rawPage) && rawPage > 0 ? rawPage : 1;

  const update = (changes: Record<string, string | null>) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      for (const [key, value] of Object.entries(changes)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      return next;
    });

  return {
    unreadOnly,
    kind,
    page,
    setUnreadOnly: (v: boolean) => update({ show: v ? 'unread' : null, page: null }),
    setKind: (k: NotificationKind | undefined) => update({ type: k ?? null, page: null }),
    setPage: (p: number) => update({ page: p > 1 ? String(p) : null }),
  };
}
