// One control per field type. The field's label, help and messages are field-view.tsx's.
import { useTranslation } from 'react-i18next';
import type { ScalarField } from '@ctp/contracts';
import { Input, Textarea } from '@/components/ui/input';
import { cn } from '@/lib/utils';
import { CheckboxChoices, ChoiceSelect, RadioChoices } from './choice-controls';
import { READ_ONLY_CLASS, singleControlProps, type ControlProps } from './control-props';
import { NumberInput } from './number-input';
import { PartialDateInput } from './partial-date-input';
import { asText } from './values';

/** At most this many choices show as radio buttons; more as a select. */
export const RADIO_LIMIT = 5;
const DEFAULT_MAX_LENGTH = 4000;

/** How a field is labelled: one control (label htmlFor), or several in a fieldset with a legend. */
export function controlLayout(field: ScalarField): 'single' | 'radiogroup' | 'group' {
  if (field.type === 'yesNo' || (field.type === 'singleChoice' && field.codeList.length <= RADIO_LIMIT))
    return 'radiogroup';
  if (field.type === 'multipleChoice' || field.type === 'partialDate') return 'group';
  return 'single';
}

const textOrNothing = (text: string) => (text === '' ? undefined : text);

export function FieldControl({
  field,
  calculated,
  ...props
}: ControlProps & { field: ScalarField; calculated: number | null | undefined }) {
  const { t } = useTranslation('forms-renderer');
  const single = singleControlProps(props);
  switch (field.type) {
    case 'text':
      return (
        <Input
          {...single}
          type="text"
          maxLength={field.maxLength ?? DEFAULT_MAX_LENGTH}
          className={READ_ONLY_CLASS}
          value={asText(props.value)}
          onChange={(e) => props.onChange(textOrNothing(e.target.value))}
        />
      );
    case 'longText':
      return (
        <Textarea
          {...single}
          maxLength={field.maxLength ?? DEFAULT_MAX_LENGTH}
          className={READ_ONLY_CLASS}
          value={asText(props.value)}
          onChange={(e) => props.onChange(textOrNothing(e.target.value))}
        />
      );
    case 'integer':
    case 'decimal':
      return <NumberInput {...props} integer={field.type === 'integer'} unit={field.unit} />;
    case 'date':
      return (
        <Input
          {...single}
          type="date"
          min="1900-01-01"
          max="2100-12-31"
          className={cn('w-44', READ_ONLY_CLASS)}
          value={asText(props.value)}
          onChange={(e) => props.onChange(textOrNothing(e.target.value))}
        />
      );
    case 'time':
      return (
        <Input
          {...single}
          type="time"
          className={cn('w-32', READ_ONLY_CLASS)}
          value={asText(props.value)}
          onChange={(e) => props.onChange(textOrNothing(e.target.value))}
        />
      );
    case 'partialDate':
      return <PartialDateInput {...props} />;
    case 'singleChoice':
      return field.codeList.length <= RADIO_LIMIT ? (
        <RadioChoices {...props} options={field.codeList} label={field.label} />
      ) : (
        <ChoiceSelect {...props} options={field.codeList} />
      );
    case 'multipleChoice':
      return <CheckboxChoices {...props} options={field.codeList} />;
    case 'yesNo':
      return (
        <RadioChoices
          {...props}
          label={field.label}
          options={[
            { code: 'Y', label: t('yesNo.yes') },
            { code: 'N', label: t('yesNo.no') },
          ]}
        />
      );
    case 'calculated':
      return (
        <CalculatedOutput
          id={props.id}
          describedBy={props.describedBy}
          value={calculated}
          decimals={field.decimals ?? 1}
          unit={field.unit}
        />
      );
  }
}

/** A calculated field: never entered, shown as the evaluator computed it ('—' while an input is missing). */
function CalculatedOutput({
  id,
  describedBy,
  value,
  decimals,
  unit,
}: {
  id: string;
  describedBy?: string;
  value: number | null | undefined;
  decimals: number;
  unit?: string;
}) {
  const { t, i18n } = useTranslation('forms-renderer');
  const shown =
    value === null || value === undefined
      ? '—'
      : new Intl.NumberFormat(i18n.language, {
          minimumFractionDigits: decimals,
          maximumFractionDigits: decimals,
        }).format(value);
  return (
    <div className="flex items-center gap-2">
      <output
        id={id}
        aria-describedby={describedBy}
        className="flex h-9 min-w-24 items-center rounded-md border border-dashed border-border bg-muted/60 px-3 text-sm tabular-nums"
      >
        {shown}
        {value !== null && value !== undefined && unit ? (
          <span className="ml-1.5 text-muted-foreground">{unit}</span>
        ) : null}
      </output>
      <span className="text-xs text-muted-foreground">{t('calculated.hint')}</span>
    </div>
  );
}
