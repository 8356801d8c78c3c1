import { Progress } from '@/components/ui/progress';

/** A labelled progress bar with its figures, e.g. site activation 8/10 (80%). */
export function MetricBar({
  label,
  value,
  percent,
  indicatorClassName,
  testId,
}: {
  label: string;
  value: string;
  percent: number;
  indicatorClassName?: string;
  testId?: string;
}) {
  return (
    <div className="grid gap-1" data-testid={testId}>
      <div className="flex flex-wrap justify-between gap-x-2 text-xs text-muted-foreground">
        <span>{label}</span>
        <span>
          {value} ({Math.round(percent)}%)
        </span>
      </div>
      <Progress value={percent} indicatorClassName={indicatorClassName} aria-label={label} />
    </div>
  );
}

/** part / whole * 100, 0 without a whole. */
export const percentOf = (part: number, whole: number) => (whole > 0 ? (part / whole) * 100 : 0);
