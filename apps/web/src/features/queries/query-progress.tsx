// A query's progress: the bar in the screen's colours and the number.
import { useTranslation } from 'react-i18next';
import { Progress } from '@/components/ui/progress';
import { progressColor } from './query-labels';

export function QueryProgress({ value, code }: { value: number; code: string }) {
  const { t } = useTranslation('queries');
  return (
    <div className="flex w-24 items-center gap-1.5" data-testid="query-progress" data-progress={value}>
      <Progress value={value} className="h-2 flex-1" indicatorClassName={progressColor(value)} aria-label={t('table.progressOf', { code })} />
      <span className="w-9 text-right text-xs tabular-nums text-muted-foreground">{value}%</span>
    </div>
  );
}
