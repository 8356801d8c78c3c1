// Recent Activity of a site and its study assignments.
import { trpc } from '@/lib/trpc';
import { ActivityCard } from '@/components/activity-list';

const ACTIVITY_LIMIT = 10;

export function SiteActivityCard({ siteId }: { siteId: number }) {
  const activity = trpc.sites.recentActivity.useQuery({ siteId, limit: ACTIVITY_LIMIT });
  return <ActivityCard events={activity.data} isPending={activity.isPending} error={activity.error} />;
}
