// The grid while the first page of forms loads: SKELETONS.forms card skeletons.
import { SKELETONS } from '@ctp/contracts';
import { Skeleton } from '@/components/ui/skeleton';

export function FormsLoading() {
  return (
    <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-3" aria-busy="true" data-testid="forms-loading">
      {Array.from({ length: SKELETONS.forms }, (_, i) => (
        <Skeleton key={i} className="h-72 rounded-xl" />
      ))}
    </div>
  );
}
