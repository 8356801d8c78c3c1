// A numeric field's range: Minimum, Maximum, Range severity (soft warns and raises a query, hard
// refuses the value) and an optional message. No bounds and no message means no range.
import { useTranslation } from 'react-i18next';
import type { FieldRange } from '@ctp/contracts';
import { Input, NativeSelect } from '@/components/ui/input';
import { FormField as LabelledField } from '@/components/form-field';
import { OptionalNumber } from './controls';

export function RangeEditor({ range, onChange }: { range: FieldRange | undefined; onChange: (range: FieldRange | undefined) => void }) {
  const { t } = useTranslation('forms-builder');
  const current: FieldRange = range ?? { severity: 'soft' };
  const set = (patch: Partial<FieldRange>) => {
    const next = { ...current, ...patch };
    const empty = next.min === undefined && next.max === undefined && !next.message && next.severity === 'soft';
    onChange(empty ? undefined : next);
  };
  const inverted = current.min !== undefined && current.max !== undefined && current.min > current.max;
  return (
    <fieldset className="grid gap-3 rounded-md border border-border p-3">
      <legend className="px-1 text-sm font-medium">{t('range.title')}</legend>
      <div className="grid gap-3 sm:grid-cols-3">
        <LabelledField id="range-min" label={t('range.min')}>
          <OptionalNumber value={current.min} onChange={(min) => set({ min })} />
        </LabelledField>
        <LabelledField id="range-max" label={t('range.max')} error={inverted ? t('schema.minAboveMax') : undefined}>
          <OptionalNumber value={current.max} onChange={(max) => set({ max })} />
        </LabelledField>
        <LabelledField id="range-severity" label={t('range.severity')}>
          <NativeSelect value={current.severity} onChange={(e) => set({ severity: e.target.value as FieldRange['severity'] })}>
            <option value="soft">{t('range.soft')}</option>
            <option value="hard">{t('range.hard')}</option>
          </NativeSelect>
        </LabelledField>
      </div>
      <LabelledField id="range-message" label={t('range.message')} hint={t('range.messageHint')}>
        <Input value={current.message ?? ''} onChange={(e) => set({ message: e.target.value || undefined })} />
      </LabelledField>
    </fieldset>
  );
}
