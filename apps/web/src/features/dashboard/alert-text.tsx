import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import { countedText } from '@/lib/counted-text';

interface AlertLike {
  type: string;
  message: string;
  details: string;
  code?: string;
  params?: Record<string, string | number>;
}

/** Translates a server alert by its code; falls back to the server's English text. */
export function useAlertText() {
  const { t } = useTranslation('dashboard');
  return (a: AlertLike) =>
    a.code
      ? {
          message: countedText(t, `alerts.${a.code}.message`, a.params, a.message),
          details: countedText(t, `alerts.${a.code}.details`, a.params, a.details),
        }
      : { message: a.message, details: a.details };
}

// Alert dot colours of spec section 4: warning orange, success green, info primary, other grey.
const DOT: Record<string, string> = { warning: 'bg-orange-500', success: 'bg-green-600', info: 'bg-primary' };

export function AlertDot({ type }: { type: string }) {
  return (
    <span
      data-alert-type={type}
      className={cn('mt-1.5 h-2 w-2 shrink-0 rounded-full', DOT[type] ?? 'bg-slate-400')}
      aria-hidden
    />
  );
}
