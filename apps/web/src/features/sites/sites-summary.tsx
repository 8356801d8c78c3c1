// The Sites screen's four tiles, computed by the server over the same sites as the list (search).
import { useTranslation } from 'react-i18next';
import { Building2, Users, TrendingUp, Clock } from 'lucide-react';
import { trpc } from '@/lib/trpc';
import { percentText } from '@/lib/format';
import { StatTiles } from '@/components/stat-tile';

export function SitesSummary({ search }: { search?: string }) {
  const { t } = useTranslation('sites');
  const q = trpc.sites.summary.useQuery({ search });
  const d = q.data;
  return (
    <StatTiles
      loading={q.isPending}
      tiles={[
        {
          icon: Building2,
          tone: 'text-green-600',
          label: t('summary.activeSites'),
          value: d?.activeSites,
          testId: 'tile-active-sites',
        },
        {
          icon: Users,
          label: t('summary.totalEnrollment'),
          value: d?.totalEnrollment,
          caption: t('summary.totalEnrollmentCaption'),
          testId: 'tile-total-enrollment',
        },
        // Enrollment Rate = total current / total target * 100, rounded in text (spec sections 2 and 9).
        {
          icon: TrendingUp,
          tone: 'text-purple-600',
          label: t('summary.enrollmentRate'),
          value: d && percentText(d.totalEnrollment, d.totalTarget),
          testId: 'tile-enrollment-rate',
        },
        {
          icon: Clock,
          tone: 'text-orange-500',
          label: t('summary.pendingSites'),
          value: d?.pendingSites,
          caption: t('summary.pendingSitesCaption'),
          testId: 'tile-pending-sites',
        },
      ]}
    />
  );
}
