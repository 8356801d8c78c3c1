// A query's status in the queries screen's vocabulary, coloured like the other status badges: open
// orange, queries (re-opened) purple, pending review blue, validated green, closed grey.
import { useTranslation } from 'react-i18next';
import type { ScreenStatus } from '@ctp/contracts';
import { Badge, type BadgeTone } from '@/components/ui/badge';

const TONES: Record<ScreenStatus, BadgeTone> = {
  open: 'warning',
  queries: 'info',
  'pending-review': 'primary',
  validated: 'success',
  closed: 'neutral',
};

export function QueryStatusBadge({ status }: { status: ScreenStatus }) {
  const { t } = useTranslation('queries');
  return (
    <Badge tone={TONES[status]} data-status={status} className="whitespace-nowrap">
      {t(`status.${status}`)}
    </Badge>
  );
}
