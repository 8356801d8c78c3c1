import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import { Badge, type BadgeTone } from './badge';

// One colour per known status across the spec's vocabularies; any unknown value is neutral grey.
const TONES: Record<string, BadgeTone> = {
  active: 'success', enrolling: 'primary', planning: 'info', completed: 'neutral', suspended: 'danger', 'on-hold': 'warning',
  pending: 'warning', inactive: 'neutral', screening: 'info', enrolled: 'success', withdrawn: 'danger',
  current: 'primary', overdue: 'danger', draft: 'neutral', approved: 'success', submitted: 'primary', rejected: 'danger',
  expired: 'danger', complete: 'success', 'in-review': 'info', urgent: 'danger', expedited: 'warning', standard: 'neutral',
};

// A status is one word or two: kept on one line (Japanese would otherwise break after every character
// when a table column or a flex row squeezes it).
export function StatusBadge({ status, className }: { status: string; className?: string }) {
  const { t } = useTranslation('common');
  return (
    <Badge tone={TONES[status] ?? 'neutral'} className={cn('whitespace-nowrap', className)} data-status={status}>
      {t(`status.${status}`, { defaultValue: status })}
    </Badge>
  );
}
