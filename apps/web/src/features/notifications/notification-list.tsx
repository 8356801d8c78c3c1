// The notifications, newest first: title, kind, body, time, a link to what it is about (which marks it
// read) and, while unread, "Mark as read".
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Check, ExternalLink } from 'lucide-react';
import type { NotificationItem } from '@ctp/contracts';
import { cn } from '@/lib/utils';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { relativeTime } from './relative-time';
import { notificationBody, notificationTitle } from './notification-text';
import { formatDateTime } from '@/lib/format';

export function NotificationList({ items, onMarkRead, marking }: { items: NotificationItem[]; onMarkRead: (id: number) => void; marking: boolean }) {
  const { t, i18n } = useTranslation('notifications');
  return (
    <Card>
      <ul className="divide-y divide-border">
        {items.map((n) => (
          <li key={n.id} data-testid="notification-item" data-read={String(n.read)} className={cn('flex flex-wrap items-start gap-3 p-4', !n.read && 'bg-primary/5')}>
            <span className={cn('mt-2 h-2 w-2 shrink-0 rounded-full', n.read ? 'bg-transparent' : 'bg-primary')} aria-hidden />
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-center gap-2">
                <span className={cn(n.read ? 'font-normal' : 'font-semibold')}>{notificationTitle(n)}</span>
                <Badge tone="neutral">{t(`kinds.${n.kind}`)}</Badge>
                {!n.read && <span className="sr-only">{t('unread')}</span>}
              </div>
              {n.body && <p className="mt-1 text-sm text-muted-foreground">{notificationBody(n)}</p>}
              <time className="mt-1 block text-xs text-muted-foreground" dateTime={n.createdAt} title={formatDateTime(n.createdAt)}>
                {relativeTime(n.createdAt, i18n.resolvedLanguage)}
              </time>
            </div>
            <div className="flex shrink-0 items-center gap-2">
              <Button asChild variant="outline" size="sm">
                <Link to={n.link} onClick={() => !n.read && onMarkRead(n.id)}>
                  <ExternalLink aria-hidden /> {t('open')}
                </Link>
              </Button>
              {!n.read && (
                <Button variant="ghost" size="sm" disabled={marking} onClick={() => onMarkRead(n.id)}>
                  <Check aria-hidden /> {t('markRead')}
                </Button>
              )}
            </div>
          </li>
        ))}
      </ul>
    </Card>
  );
}
