import * as React from 'react';
import { cva, type VariantProps } from 'class-variance-authority';
import { cn } from '@/lib/utils';

const badgeVariants = cva('inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-medium', {
  variants: {
    tone: {
      neutral: 'border-slate-200 bg-slate-100 text-slate-700',
      primary: 'border-blue-200 bg-blue-50 text-blue-700',
      success: 'border-green-200 bg-green-50 text-green-700',
      warning: 'border-orange-200 bg-orange-50 text-orange-700',
      danger: 'border-red-200 bg-red-50 text-red-700',
      info: 'border-purple-200 bg-purple-50 text-purple-700',
    },
  },
  defaultVariants: { tone: 'neutral' },
});

export type BadgeTone = NonNullable<VariantProps<typeof badgeVariants>['tone']>;

export function Badge({ className, tone, ...props }: React.HTMLAttributes<HTMLSpanElement> & VariantProps<typeof badgeVariants>) {
  return <span className={cn(badgeVariants({ tone }), className)} {...props} />;
}
