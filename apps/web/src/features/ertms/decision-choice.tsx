// Record decision: the agency's answer, approved or rejected (a radio group; nothing chosen at first).
import { useTranslation } from 'react-i18next';
import { CheckCircle2, XCircle } from 'lucide-react';
import { cn } from '@/lib/utils';

export type Decision = 'approved' | 'rejected';

export function DecisionChoice({ value, onChange, error }: { value: Decision | ''; onChange: (d: Decision) => void; error?: string }) {
  const { t } = useTranslation('ertms');
  const options = [
    { value: 'approved' as const, icon: CheckCircle2, tone: 'border-green-300 bg-green-50 text-green-800' },
    { value: 'rejected' as const, icon: XCircle, tone: 'border-red-300 bg-red-50 text-red-800' },
  ];
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? 'decision-error' : undefined}>
      <legend className="mb-1.5 text-sm font-medium">{t('dialogs.decide.decision')}</legend>
      <div className="grid grid-cols-2 gap-2">
        {options.map((o) => (
          <label
            key={o.value}
            className={cn('flex cursor-pointer items-center gap-2 rounded-md border border-border p-3 text-sm', value === o.value && o.tone)}
          >
            <input type="radio" name="decision" className="accent-primary" value={o.value} checked={value === o.value} onChange={() => onChange(o.value)} />
            <o.icon className="h-4 w-4" aria-hidden />
            {t(`dialogs.decide.${o.value}`)}
          </label>
        ))}
      </div>
      {error && (
        <p id="decision-error" role="alert" className="text-xs text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  );
}
