// A document list while it loads: six row skeletons (SKELETONS.etmf).
import { SKELETONS } from '@ctp/contracts';
import { Skeleton } from '@/components/ui/skeleton';

export function DocumentRowsSkeleton() {
  return (
    <div aria-busy="true" className="grid gap-2 rounded-xl border border-border bg-white p-4 shadow-sm" data-testid="etmf-rows-loading">
      {Array.from({ length: SKELETONS.etmf }, (_, i) => (
        <Skeleton key={i} className="h-10 w-full" />
      ))}
    </div>
  );
}
