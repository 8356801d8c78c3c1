import { useTranslation } from 'react-i18next';
import { AlertTriangle, RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** A stale-version refusal: the user's input stays; Reload reads the record again (and starts over from it). */
export function ConflictNotice({ onReload, reloading }: { onReload: () => void; reloading?: boolean }) {
  const { t } = useTranslation('studies');
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-2 rounded-md border border-orange-200 bg-orange-50 p-3 text-sm text-orange-800"
    >
      <AlertTriangle className="h-4 w-4 shrink-0" aria-hidden />
      <span className="flex-1">{t('form.conflict')}</span>
      <Button type="button" size="sm" variant="outline" onClick={onReload} disabled={reloading}>
        <RefreshCw /> {t('form.reload')}
      </Button>
    </div>
  );
}

export function FormError({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <div
      role="alert"
      className="flex items-center gap-2 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-700"
    >
      <AlertTriangle className="h-4 w-4 shrink-0" aria-hidden /> {message}
    </div>
  );
}
