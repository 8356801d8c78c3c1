// What a refused write says, in every dialog: a stale version (CONFLICT) with reload advice and a Reload
// button (the user's input stays until they reload), or the server's own message (PRECONDITION_FAILED,
// NOT_FOUND ...), or a message the form itself raised (nothing changed). The server's English is shown in
// the reader's language when the `validation` namespace knows it.
import { useTranslation } from 'react-i18next';
import { AlertTriangle, RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { ServerError } from '@/lib/server-error';
import { translateValidation } from '@/lib/validation-messages';

export function WriteErrorNotice({
  error,
  onReload,
  reloading,
}: {
  error: Pick<ServerError, 'code' | 'message'> | null;
  onReload?: () => void;
  reloading?: boolean;
}) {
  const { t } = useTranslation('common');
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
              ? t('writeError.conflictTitle')
              : error.code === 'PRECONDITION_FAILED'
                ? t('writeError.refusedTitle')
                : t('writeError.failedTitle')}
          </span>
          <span>{translateValidation(t, error.message)}</span>
          {conflict && <span>{t('writeError.conflictAdvice')}</span>}
        </div>
      </div>
      {conflict && onReload && (
        <Button type="button" variant="outline" size="sm" className="justify-self-start" onClick={onReload} disabled={reloading}>
          <RefreshCw /> {t('writeError.reload')}
        </Button>
      )}
    </div>
  );
}
