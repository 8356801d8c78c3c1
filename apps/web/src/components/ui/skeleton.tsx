import { cn } from '@/lib/utils';

export function Skeleton({ className, ...props }: React.HTMLAttributes<HTMLDivElement>) {
  return <div data-testid="skeleton" className={cn('animate-pulse rounded-md bg-slate-200', className)} {...props} />;
}
