// One of the four summary tiles: label, figure, caption, icon and an optional note under the figure.
import type { LucideIcon } from 'lucide-react';
import { Card, CardContent } from '@/components/ui/card';

export function EtmfSummaryCard({
  testId,
  icon: Icon,
  tone,
  label,
  value,
  caption,
  note,
}: {
  testId: string;
  icon: LucideIcon;
  tone: string;
  label: string;
  value: React.ReactNode;
  caption: string;
  note?: React.ReactNode;
}) {
  return (
    <Card data-testid={testId}>
      <CardContent className="flex items-start justify-between gap-3 pt-5">
        <div className="min-w-0">
          <p className="text-sm text-muted-foreground">{label}</p>
          <p className="text-2xl font-bold tabular-nums" data-testid={`${testId}-value`}>
            {value}
          </p>
          <p className="text-xs text-muted-foreground">{caption}</p>
          {note}
        </div>
        <Icon className={`h-8 w-8 shrink-0 ${tone}`} aria-hidden />
      </CardContent>
    </Card>
  );
}
