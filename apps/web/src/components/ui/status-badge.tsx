import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from './badge';

// One colour per known status across the spec's vocabularies; any unknown value is neutral grey.
const TONES: Record<string, BadgeTone> = {
  active: 'success', enrolling: 'primary', planning: 'info', completed: 'neutral', suspended: 'danger', 'on-hold': 'warning',
  pending: 'warning', inactive: 'neutral', screening: 'info', enrolled: 'success', withdrawn: 'danger',
  current: 'primary', overdue: 'danger', draft: 'neutral', approved: 'success', submitted: 'primary', rejected: 'danger',
  expired: 'danger', complete: 'success', 'in-review': 'info', urgent: 'danger', expedited: 'warning', standard: 'neutral',
};

export function StatusBadge({ status, className }: { status: string; className?: string }) {
  const { t } = useTranslation('common');
  return (
    <Badge tone={TONES[status] ?? 'neutral'} className={className} data-status={status}>
      {t(`status.${status}`, { defaultValue: status })}
    </Badge>
  );
}
