import { useTranslation } from 'react-i18next';
import { enrollmentLevel, enrollmentPercent } from '@ctp/contracts';
import { Progress } from '@/components/ui/progress';

// Spec section 4: at or above 80% green, at or above 50% orange, below 50% the primary colour.
const COLOURS = { high: 'bg-green-600', medium: 'bg-orange-500', low: 'bg-primary' } as const;

export function EnrollmentBar({
  current,
  target,
  label,
}: {
  current: number;
  target: number;
  label?: string;
}) {
  const { t } = useTranslation('common');
  const level = enrollmentLevel(current, target);
  // Above target the bar stays green (the spec's colours) and a label says by how much.
  const over = target > 0 && current > target ? current - target : 0;
  return (
    <div className="grid gap-1" data-enrollment-level={level} data-over-target={over > 0 || undefined}>
      <div className="flex flex-wrap justify-between gap-x-2 text-xs text-muted-foreground">
        <span>{label ?? t('enrollment.label')}</span>
        <span>
          {current}/{target} ({Math.round(enrollmentPercent(current, target))}%)
          {over > 0 && (
            <span className="ml-1 rounded bg-purple-100 px-1 font-medium text-purple-800" data-testid="over-target">
              {t('enrollment.overTarget', { count: over })}
            </span>
          )}
        </span>
      </div>
      <Progress
        value={enrollmentPercent(current, target)}
        indicatorClassName={COLOURS[level]}
        aria-label={label ?? t('enrollment.label')}
      />
    </div>
  );
}
