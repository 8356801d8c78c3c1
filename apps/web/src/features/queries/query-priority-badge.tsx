// A query's priority: high red, medium orange, low grey.
import { useTranslation } from 'react-i18next';
import type { QueryRow } from '@ctp/contracts';
import { Badge, type BadgeTone } from '@/components/ui/badge';

const TONES: Record<QueryRow['priority'], BadgeTone> = { high: 'danger', medium: 'warning', low: 'neutral' };

export function QueryPriorityBadge({ priority }: { priority: QueryRow['priority'] }) {
  const { t } = useTranslation('queries');
  return (
    <Badge tone={TONES[priority]} data-priority={priority}>
      {t(`priority.${priority}`)}
    </Badge>
  );
}
