// A visit's status as the spec's symbol (inclusions list): completed tick, pending circle, missed cross,
// warning exclamation, scheduled 'S', anything else a dash; the status in words for screen readers.
import { useTranslation } from 'react-i18next';
import { Check, Circle, X, AlertTriangle } from 'lucide-react';
import { cn } from '@/lib/utils';

export function VisitStatusIcon({
  status,
  className,
}: {
  status: string | null | undefined;
  className?: string;
}) {
  const { t } = useTranslation('data-entry');
  const label = status ? t(`visitStatus.${status}`, { defaultValue: status }) : t('visitStatus.none');
  const symbol =
    status === 'completed' ? (
      <Check className="h-4 w-4 text-green-600" aria-hidden />
    ) : status === 'pending' ? (
      <Circle className="h-4 w-4 text-amber-500" aria-hidden />
    ) : status === 'missed' ? (
      <X className="h-4 w-4 text-red-600" aria-hidden />
    ) : status === 'warning' ? (
      <AlertTriangle className="h-4 w-4 text-orange-500" aria-hidden />
    ) : status === 'scheduled' ? (
      <span className="text-xs font-semibold text-blue-600" aria-hidden>
        S
      </span>
    ) : (
      <span className="text-muted-foreground" aria-hidden>
        –
      </span>
    );
  return (
    <span
      className={cn('inline-flex items-center', className)}
      title={label}
      data-visit-status={status ?? 'none'}
    >
      {symbol}
      <span className="sr-only">{label}</span>
    </span>
  );
}
