// The page's cards while the overview loads: SKELETONS.compliance (4) placeholders.
import { SKELETONS } from '@ctp/contracts';
import { Skeleton } from '@/components/ui/skeleton';

export function ComplianceSkeleton() {
  return (
    <div className="grid gap-6 lg:grid-cols-2" data-testid="compliance-loading" aria-busy="true">
      {Array.from({ length: SKELETONS.compliance }, (_, i) => (
        <Skeleton key={i} className="h-56" />
      ))}
    </div>
  );
}
