// The top bar's bell: the unread count (polled every minute), the latest five notifications, marking
// one read when it is opened, marking all read, and the way to the notifications page.
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Bell, CheckCheck } from 'lucide-react';
import { trpc } from '@/lib/trpc';
import { cn } from '@/lib/utils';
import { formatDateTime, formatNumber } from '@/lib/format';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { useNotificationActions } from '@/features/notifications/use-notification-actions';
import { relativeTime } from '@/features/notifications/relative-time';
import { notificationBody, notificationTitle } from '@/features/notifications/notification-text';

export function NotificationBell() {
  const { t, i18n } = useTranslation('notifications');
  const navigate = useNavigate();
  const unreadCount = trpc.notifications.unreadCount.useQuery(undefined, { refetchInterval: 60_000 });
  const latest = trpc.notifications.list.useQuery({ limit: 5, offset: 0 });
  const { markRead, markAllRead } = useNotificationActions();
  const unread = unreadCount.data ?? 0;
  const items = latest.data?.items ?? [];

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={unread > 0 ? t('bell.labelUnread', { count: unread }) : t('bell.label')} className="relative">
          <Bell />
          {unread > 0 && (
            <span
              data-testid="notification-count"
              aria-hidden
              className="absolute right-0.5 top-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-red-600 px-1 text-[10px] font-semibold text-white"
            >
              {unread > 99 ? '99+' : formatNumber(unread)}
            </span>
          )}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-80">
        <DropdownMenuLabel>{t('title')}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {items.map((n) => (
          <DropdownMenuItem
            key={n.id}
            data-testid="bell-notification"
            data-read={n.read}
            className="items-start"
            onSelect={() => {
              if (!n.read) markRead.mutate({ ids: [n.id] });
              navigate(n.link);
            }}
          >
            <span className={cn('mt-1.5 h-2 w-2 shrink-0 rounded-full', n.read ? 'bg-transparent' : 'bg-primary')} aria-hidden />
            <div className="min-w-0 flex-1">
              <div className={cn('truncate', n.read ? 'font-normal' : 'font-semibold')}>{notificationTitle(n)}</div>
              <div className="line-clamp-1 text-xs text-muted-foreground">{notificationBody(n)}</div>
              <time className="text-xs text-muted-foreground" dateTime={n.createdAt} title={formatDateTime(n.createdAt)}>
                {relativeTime(n.createdAt, i18n.resolvedLanguage)}
              </time>
            </div>
          </DropdownMenuItem>
        ))}
        {latest.data && !items.length && <div className="px-2 py-3 text-sm text-muted-foreground">{t('empty')}</div>}
        <DropdownMenuSeparator />
        <DropdownMenuItem disabled={unread === 0} onSelect={() => markAllRead.mutate()} className="data-[disabled]:opacity-50">
          <CheckCheck className="h-4 w-4" /> {t('markAllRead')}
        </DropdownMenuItem>
        <DropdownMenuItem className="justify-center text-primary" onSelect={() => navigate('/notifications')}>
          {t('viewAll')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
