// All / Unread as segmented buttons and the kind as a select labelled "Type".
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/input';
import { NOTIFICATION_KINDS, type NotificationKind } from './kinds';

export function NotificationFilters({
  unreadOnly,
  kind,
  onUnreadOnly,
  onKind,
}: {
  unreadOnly: boolean;
  kind: NotificationKind | undefined;
  onUnreadOnly: (v: boolean) => void;
  onKind: (k: NotificationKind | undefined) => void;
}) {
  const { t } = useTranslation('notifications');
  const typeId = useId();
  const showId = useId();
  return (
    <div className="mb-4 flex flex-wrap items-center gap-3">
      <span id={showId} className="text-sm text-muted-foreground">
        {t('filters.show')}
      </span>
      <div role="group" aria-labelledby={showId} className="inline-flex rounded-md border border-border bg-white p-0.5">
        {([false, true] as const).map((v) => (
          <Button
            key={String(v)}
            variant={unreadOnly === v ? 'secondary' : 'ghost'}
            size="sm"
            aria-pressed={unreadOnly === v}
            onClick={() => onUnreadOnly(v)}
          >
            {v ? t('filters.unread') : t('filters.all')}
          </Button>
        ))}
      </div>
      <div className="flex items-center gap-2 text-sm">
        <label htmlFor={typeId} className="text-muted-foreground">
          {t('filters.type')}
        </label>
        <NativeSelect id={typeId} className="w-56" value={kind ?? ''} onChange={(e) => onKind((e.target.value || undefined) as NotificationKind | undefined)}>
          <option value="">{t('filters.allTypes')}</option>
          {NOTIFICATION_KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`kinds.${k}`)}
            </option>
          ))}
        </NativeSelect>
      </div>
    </div>
  );
}
