// Notifications (/notifications): the signed-in user's notifications, All or Unread, by type, 20 a
// page, each opening what it is about; marking one or all read.
import { useTranslation } from 'react-i18next';
import { CheckCheck } from 'lucide-react';
import { trpc } from '@/lib/trpc';
import { usePageInRange } from '@/lib/use-page-in-range';
import { PageHeader } from '@/components/page-header';
import { PageNav } from '@/components/page-nav';
import { Button } from '@/components/ui/button';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { NotificationFilters } from '@/features/notifications/notification-filters';
import { NotificationList } from '@/features/notifications/notification-list';
import { NotificationListSkeleton } from '@/features/notifications/notification-list-skeleton';
import { NOTIFICATIONS_PAGE_SIZE, useNotificationFilters } from '@/features/notifications/use-notification-filters';
import { useNotificationActions } from '@/features/notifications/use-notification-actions';

export default function NotificationsPage() {
  const { t } = useTranslation('notifications');
  const { unreadOnly, kind, page, setUnreadOnly, setKind, setPage } = useNotificationFilters();
  const list = trpc.notifications.list.useQuery({ unreadOnly, kind, limit: NOTIFICATIONS_PAGE_SIZE, offset: (page - 1) * NOTIFICATIONS_PAGE_SIZE });
  const pastEnd = usePageInRange(page, NOTIFICATIONS_PAGE_SIZE, list.data?.total);
  const { markRead, markAllRead } = useNotificationActions();
  const data = list.data;

  return (
    <div>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <Button variant="outline" disabled={!data?.unread || markAllRead.isPending} onClick={() => markAllRead.mutate()}>
            <CheckCheck aria-hidden /> {t('markAllRead')}
          </Button>
        }
      />
      <NotificationFilters unreadOnly={unreadOnly} kind={kind} onUnreadOnly={setUnreadOnly} onKind={setKind} />
      {list.error ? (
        <ErrorState message={list.error.message} />
      ) : !data || pastEnd ? (
        <NotificationListSkeleton />
      ) : !data.items.length ? (
        <EmptyState title={t('empty')} />
      ) : (
        <div className="grid gap-4">
          <NotificationList items={data.items} marking={markRead.isPending} onMarkRead={(id) => markRead.mutate({ ids: [id] })} />
          <PageNav ns="notifications" total={data.total} page={page} pageSize={NOTIFICATIONS_PAGE_SIZE} onPage={setPage} />
        </div>
      )}
    </div>
  );
}
