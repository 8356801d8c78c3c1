import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

export function NotificationListSkeleton() {
  return (
    <Card className="divide-y divide-border">
      {Array.from({ length: 5 }, (_, i) => (
        <div key={i} className="space-y-2 p-4">
          <Skeleton className="h-4 w-1/3" />
          <Skeleton className="h-3 w-2/3" />
        </div>
      ))}
    </Card>
  );
}
