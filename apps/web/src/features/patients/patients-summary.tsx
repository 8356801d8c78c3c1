// The Patients screen's four tiles, counted by the server with the list's filters.
import { useTranslation } from 'react-i18next';
import { Users, UserCheck, CheckCircle2, UserX } from 'lucide-react';
import type { PatientFilterInput } from '@ctp/contracts';
import { trpc } from '@/lib/trpc';
import { StatTile } from '@/components/stat-tile';

export function PatientsSummary({ filters }: { filters: PatientFilterInput }) {
  const { t } = useTranslation('patients');
  const q = trpc.patients.summary.useQuery(filters);
  const d = q.data;
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <StatTile
        icon={Users}
        label={t('summary.total')}
        value={d?.total}
        loading={q.isPending}
        testId="tile-total"
      />
      <StatTile
        icon={UserCheck}
        tone="text-green-600"
        label={t('summary.enrolled')}
        value={d?.enrolled}
        loading={q.isPending}
        testId="tile-enrolled"
      />
      <StatTile
        icon={CheckCircle2}
        tone="text-slate-600"
        label={t('summary.completed')}
        value={d?.completed}
        loading={q.isPending}
        testId="tile-completed"
      />
      <StatTile
        icon={UserX}
        tone="text-red-600"
        label={t('summary.withdrawn')}
        value={d?.withdrawn}
        loading={q.isPending}
        testId="tile-withdrawn"
      />
    </div>
  );
}
