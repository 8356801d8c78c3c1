// A query's status and type in the one vocabulary every screen uses (the stored lifecycle and kind,
// named by the `queries` namespace's lifecycle.* and kinds.*; contracts QUERY_LIFECYCLE_LABELS holds
// the same English words for exports and notifications). Status colours: open orange, re-opened purple,
// answered blue, closed green, cancelled grey.
import { useTranslation } from 'react-i18next';
import type { QueryKind, QueryLifecycle } from '@ctp/contracts';
import { Badge, type BadgeTone } from '@/components/ui/badge';

const TONES: Record<QueryLifecycle, BadgeTone> = {
  open: 'warning',
  reopened: 'info',
  answered: 'primary',
  closed: 'success',
  cancelled: 'neutral',
};

export function QueryStatusBadge({ lifecycle }: { lifecycle: QueryLifecycle }) {
  const { t } = useTranslation('queries');
  return (
    <Badge tone={TONES[lifecycle]} data-status={lifecycle} className="whitespace-nowrap">
      {t(`lifecycle.${lifecycle}`)}
    </Badge>
  );
}

export function QueryKindLabel({ kind }: { kind: QueryKind }) {
  const { t } = useTranslation('queries');
  return <span data-type={kind}>{t(`kinds.${kind}`)}</span>;
}
