import * as React from 'react';
import { cn } from '@/lib/utils';

/** A form label: the native element (a library's wrapper added nothing the pages use but weight). */
export function Label({ className, ...props }: React.ComponentProps<'label'>) {
  return <label className={cn('text-sm font-medium leading-none', className)} {...props} />;
}
