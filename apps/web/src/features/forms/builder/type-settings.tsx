// The settings of the field's type: maximum length (text), unit and decimals (numbers), the range,
// the code list (choices), the formula (calculated) and the row limits (repeating group).
import { useTranslation } from 'react-i18next';
import type { FormField } from '@ctp/contracts';
import { Input } from '@/components/ui/input';
import { FormField as LabelledField } from '@/components/form-field';
import { CodeListEditor } from './code-list-editor';
import { OptionalNumber } from './controls';
import { JsonLogicInput } from './json-logic-input';
import { RangeEditor } from './range-editor';

export function TypeSettings({ field, onChange }: { field: FormField; onChange: (field: FormField) => void }) {
  const { t } = useTranslation('forms-builder');
  const set = (patch: Record<string, unknown>) => onChange({ ...field, ...patch } as FormField);
  const unit = 'unit' in field && (
    <LabelledField id="field-unit" label={t('editor.unit')} hint={t('editor.unitHint')}>
      <Input value={field.unit ?? ''} onChange={(e) => set({ unit: e.target.value.trim() || undefined })} />
    </LabelledField>
  );
  const decimals = (value: number) => (
    <LabelledField id="field-decimals" label={t('editor.decimals')}>
      <OptionalNumber value={value} min={0} max={10} onChange={(n) => set({ decimals: n ?? 0 })} />
    </LabelledField>
  );

  switch (field.type) {
    case 'text':
    case 'longText':
      return (
        <LabelledField id="field-max-length" label={t('editor.maxLength')} hint={t('editor.maxLengthHint')}>
          <OptionalNumber value={field.maxLength} min={1} max={4000} onChange={(maxLength) => set({ maxLength })} />
        </LabelledField>
      );
    case 'integer':
    case 'decimal':
      return (
        <div className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            {unit}
            {field.type === 'decimal' && decimals(field.decimals)}
          </div>
          <RangeEditor range={field.range} onChange={(range) => set({ range })} />
        </div>
      );
    case 'singleChoice':
    case 'multipleChoice':
      return <CodeListEditor items={field.codeList} onChange={(codeList) => set({ codeList })} />;
    case 'calculated':
      return (
        <div className="grid gap-4">
          <JsonLogicInput label={t('editor.formula')} hint={t('editor.formulaHint')} value={field.formula} onChange={(formula) => set({ formula: formula ?? null })} />
          <div className="grid gap-4 sm:grid-cols-2">
            {unit}
            {decimals(field.decimals)}
          </div>
        </div>
      );
    case 'repeatingGroup':
      return (
        <div className="grid gap-4 sm:grid-cols-2">
          <LabelledField id="group-min-rows" label={t('editor.minRows')}>
            <OptionalNumber value={field.minRows} min={0} max={200} onChange={(n) => set({ minRows: n ?? 0 })} />
          </LabelledField>
          <LabelledField id="group-max-rows" label={t('editor.maxRows')}>
            <OptionalNumber value={field.maxRows} min={1} max={200} onChange={(n) => set({ maxRows: n ?? 50 })} />
          </LabelledField>
        </div>
      );
    default:
      return <p className="text-sm text-muted-foreground">{t(`editor.noSettings.${field.type}`)}</p>;
  }
}
