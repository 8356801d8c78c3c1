// One figure of a Reports tab with what it counts or the formula it was computed by.
import type { LucideIcon } from 'lucide-react';
import { Card, CardContent } from '@/components/ui/card';

export function ReportMetric({
  testId,
  icon: Icon,
  label,
  value,
  caption,
}: {
  testId: string;
  icon: LucideIcon;
  label: string;
  value: string;
  caption: React.ReactNode;
}) {
  return (
    <Card data-testid={testId}>
      <CardContent className="grid gap-1 pt-5">
        <p className="flex items-center gap-2 text-sm font-medium text-muted-foreground">
          <Icon className="h-4 w-4" aria-hidden /> {label}
        </p>
        <p className="text-3xl font-bold tabular-nums" data-testid={`${testId}-value`}>
          {value}
        </p>
        <div className="text-xs text-muted-foreground">{caption}</div>
      </CardContent>
    </Card>
  );
}
