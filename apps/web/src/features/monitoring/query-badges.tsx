// A query's status, type and priority in the monitoring vocabulary (open / in progress / resolved;
// range check, missing data, consistency check), mapped from the lifecycle and kind.
import { useTranslation } from 'react-i18next';
import { MONITORING_STATUS, MONITORING_TYPE, type QueryRow } from '@ctp/contracts';
import { Badge, type BadgeTone } from '@/components/ui/badge';

const STATUS_TONES: Record<string, BadgeTone> = { open: 'primary', in_progress: 'warning', resolved: 'success' };
const PRIORITY_TONES: Record<string, BadgeTone> = { high: 'danger', medium: 'warning', low: 'neutral' };

export function MonitoringStatusBadge({ lifecycle }: { lifecycle: QueryRow['lifecycle'] }) {
  const { t } = useTranslation('monitoring');
  const status = MONITORING_STATUS[lifecycle];
  return (
    <Badge tone={STATUS_TONES[status]} data-status={status}>
      {t(`status.${status}`)}
    </Badge>
  );
}

export function MonitoringTypeLabel({ kind }: { kind: QueryRow['kind'] }) {
  const { t } = useTranslation('monitoring');
  const type = MONITORING_TYPE[kind];
  return <span data-type={type}>{t(`type.${type}`)}</span>;
}

export function PriorityBadge({ priority }: { priority: QueryRow['priority'] }) {
  const { t } = useTranslation('monitoring');
  return (
    <Badge tone={PRIORITY_TONES[priority]} data-priority={priority}>
      {t(`priority.${priority}`)}
    </Badge>
  );
}
