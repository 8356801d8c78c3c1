// The Patients screen's four tiles, counted by the server with the list's filters.
import { useTranslation } from 'react-i18next';
import { Users, UserCheck, CheckCircle2, UserX } from 'lucide-react';
import type { PatientFilterInput } from '@ctp/contracts';
import { trpc } from '@/lib/trpc';
import { StatTiles } from '@/components/stat-tile';

export function PatientsSummary({ filters }: { filters: PatientFilterInput }) {
  const { t } = useTranslation('patients');
  const q = trpc.patients.summary.useQuery(filters);
  const d = q.data;
  return (
    <StatTiles
      loading={q.isPending}
      tiles={[
        { icon: Users, label: t('summary.total'), value: d?.total, caption: t('summary.totalCaption'), testId: 'tile-total' },
        {
          icon: UserCheck,
          tone: 'text-green-600',
          label: t('summary.enrolled'),
          value: d?.enrolled,
          testId: 'tile-enrolled',
        },
        {
          icon: CheckCircle2,
          tone: 'text-slate-600',
          label: t('summary.completed'),
          value: d?.completed,
          testId: 'tile-completed',
        },
        {
          icon: UserX,
          tone: 'text-red-600',
          label: t('summary.withdrawn'),
          value: d?.withdrawn,
          testId: 'tile-withdrawn',
        },
      ]}
    />
  );
}
