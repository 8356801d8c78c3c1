// The four summary tiles over the chosen study (or all the user's studies): Open Queries, In Progress,
// Resolved and High Priority, counted by queries.summary; each captioned with the query statuses it counts.
import { useTranslation } from 'react-i18next';
import { AlertTriangle, CheckCircle2, Clock, MessageSquareWarning } from 'lucide-react';
import { trpc } from '@/lib/trpc';
import { formatNumber } from '@/lib/format';
import { StatTiles } from '@/components/stat-tile';
import { ErrorState } from '@/components/ui/states';

export function MonitoringTiles({ studyId }: { studyId: number | undefined }) {
  const { t } = useTranslation('monitoring');
  const summary = trpc.queries.summary.useQuery({ studyId });
  if (summary.error) return <ErrorState message={summary.error.message} />;
  const s = summary.data;
  const value = (n: number | undefined) => (n === undefined ? '—' : formatNumber(n));
  return (
    <StatTiles
      loading={summary.isPending}
      tiles={[
        { icon: MessageSquareWarning, label: t('tiles.open'), caption: t('tiles.openCaption'), value: value(s?.open), tone: 'text-blue-600', testId: 'monitoring-tile-open' },
        { icon: Clock, label: t('tiles.inProgress'), caption: t('tiles.inProgressCaption'), value: value(s?.inProgress), tone: 'text-orange-500', testId: 'monitoring-tile-in-progress' },
        { icon: CheckCircle2, label: t('tiles.resolved'), caption: t('tiles.resolvedCaption'), value: value(s?.resolved), tone: 'text-green-600', testId: 'monitoring-tile-resolved' },
        { icon: AlertTriangle, label: t('tiles.high'), caption: t('tiles.highCaption'), value: value(s?.highPriority), tone: 'text-red-600', testId: 'monitoring-tile-high' },
      ]}
    />
  );
}
