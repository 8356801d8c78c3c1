import * as ProgressPrimitive from '@radix-ui/react-progress';
import { cn } from '@/lib/utils';

export function Progress({ value, className, indicatorClassName, ...props }: { value: number; className?: string; indicatorClassName?: string; 'aria-label'?: string }) {
  const v = Math.max(0, Math.min(100, value));
  return (
    <ProgressPrimitive.Root value={v} className={cn('relative h-2 w-full overflow-hidden rounded-full bg-slate-200', className)} {...props}>
      <ProgressPrimitive.Indicator className={cn('h-full bg-primary transition-all', indicatorClassName)} style={{ width: `${v}%` }} />
    </ProgressPrimitive.Root>
  );
}
