// Recent Activity of a study and its milestones, budget lines, site assignments, subjects and deviations.
import { trpc } from '@/lib/trpc';
import { ActivityCard } from '@/components/activity-list';

const ACTIVITY_LIMIT = 10;

export function RecentActivityCard({ studyId }: { studyId: number }) {
  const activity = trpc.studies.recentActivity.useQuery({ studyId, limit: ACTIVITY_LIMIT });
  return <ActivityCard events={activity.data} isPending={activity.isPending} error={activity.error} />;
}
