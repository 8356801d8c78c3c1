// What a refused write says: a stale version (CONFLICT) with reload advice and a Reload button, or the
// server's own message (PRECONDITION_FAILED, NOT_FOUND ...).
import { useTranslation } from 'react-i18next';
import { AlertTriangle, RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { ServerError } from '@/lib/server-error';

export function WriteErrorNotice({ error, onReload }: { error: ServerError | null; onReload?: () => void }) {
  const { t } = useTranslation('sites');
  if (!error) return null;
  const conflict = error.code === 'CONFLICT';
  return (
    <div
      role="alert"
      data-error-code={error.code}
      className="grid gap-2 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-700"
    >
      <div className="flex items-start gap-2">
        <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
        <div className="grid gap-1">
          <span className="font-medium">
            {conflict
              ? t('errors.conflictTitle')
              : error.code === 'PRECONDITION_FAILED'
                ? t('errors.refusedTitle')
                : t('errors.failedTitle')}
          </span>
          <span>{error.message}</span>
          {conflict && <span>{t('errors.conflictAdvice')}</span>}
        </div>
      </div>
      {conflict && onReload && (
        <Button type="button" variant="outline" size="sm" className="justify-self-start" onClick={onReload}>
          <RefreshCw /> {t('errors.reload')}
        </Button>
      )}
    </div>
  );
}
