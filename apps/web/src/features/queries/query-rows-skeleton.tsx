// The table while it loads: eight row skeletons (SKELETONS.queriesRows).
import { SKELETONS } from '@ctp/contracts';
import { Skeleton } from '@/components/ui/skeleton';

export function QueryRowsSkeleton() {
  return (
    <div aria-busy="true" className="grid gap-2 rounded-xl border border-border bg-white p-4 shadow-sm" data-testid="queries-rows-loading">
      {Array.from({ length: SKELETONS.queriesRows }, (_, i) => (
        <Skeleton key={i} className="h-10 w-full" />
      ))}
    </div>
  );
}
