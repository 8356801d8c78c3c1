// Coded answers: a radio group (few choices, and Yes/No), a native select (many choices) and
// checkboxes (multiple choice, stored as codes in code-list order).
import { useTranslation } from 'react-i18next';
import { X } from 'lucide-react';
import type { CodeListItem } from '@ctp/contracts';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/input';
import { cn } from '@/lib/utils';
import { CHOICE_INPUT_CLASS, READ_ONLY_CLASS, singleControlProps, type ControlProps } from './control-props';
import { asText } from './values';

const optionId = (id: string, index: number) => `${id}-option-${index}`;
const optionLabel =
  'inline-flex cursor-pointer items-center gap-2 text-sm has-[:disabled]:cursor-not-allowed';

/** Radios inside the field's fieldset (role radiogroup); a Clear button takes the answer back. */
export function RadioChoices({
  id,
  value,
  onChange,
  disabled,
  invalid,
  options,
  label,
}: ControlProps & { options: readonly CodeListItem[]; label: string }) {
  const { t } = useTranslation('forms-renderer');
  const current = asText(value);
  return (
    <div className="flex flex-wrap items-center gap-x-5 gap-y-2">
      {options.map((option, i) => (
        <label key={option.code} htmlFor={optionId(id, i)} className={optionLabel}>
          <input
            type="radio"
            id={optionId(id, i)}
            name={id}
            value={option.code}
            checked={current === option.code}
            disabled={disabled}
            aria-invalid={invalid || undefined}
            className={CHOICE_INPUT_CLASS}
            onChange={() => onChange(option.code)}
          />
          {option.label}
        </label>
      ))}
      {current && !options.some((o) => o.code === current) ? (
        <span className="text-sm text-muted-foreground">{current}</span>
      ) : null}
      {current && !disabled ? (
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="h-7 px-2 text-muted-foreground"
          aria-label={t('choice.clearLabel', { label })}
          onClick={() => onChange(undefined)}
        >
          <X aria-hidden />
          {t('choice.clear')}
        </Button>
      ) : null}
    </div>
  );
}

/** A single choice among many: a select with an empty first option. */
export function ChoiceSelect({ options, ...props }: ControlProps & { options: readonly CodeListItem[] }) {
  const { t } = useTranslation('forms-renderer');
  const current = asText(props.value);
  return (
    <NativeSelect
      {...singleControlProps(props)}
      className={cn('max-w-md', READ_ONLY_CLASS)}
      value={current}
      onChange={(e) => props.onChange(e.target.value === '' ? undefined : e.target.value)}
    >
      <option value="">{t('choice.select')}</option>
      {options.map((option) => (
        <option key={option.code} value={option.code}>
          {option.label}
        </option>
      ))}
      {current && !options.some((o) => o.code === current) ? (
        <option value={current}>{current}</option>
      ) : null}
    </NativeSelect>
  );
}

/** Checkboxes inside the field's fieldset; the value is the ticked codes in code-list order, nothing when none. */
export function CheckboxChoices({
  id,
  value,
  onChange,
  disabled,
  invalid,
  options,
}: ControlProps & { options: readonly CodeListItem[] }) {
  const ticked = Array.isArray(value) ? value.filter((c): c is string => typeof c === 'string') : [];
  const toggle = (code: string, on: boolean) => {
    const next = on ? [...ticked, code] : ticked.filter((c) => c !== code);
    const known = options.map((o) => o.code).filter((c) => next.includes(c));
    // Codes not in the list (old data) are kept after the listed ones, for the evaluator to report.
    const ordered = [...known, ...next.filter((c) => !known.includes(c))];
    onChange(ordered.length > 0 ? ordered : undefined);
  };
  return (
    <div className="grid gap-2">
      {options.map((option, i) => (
        <label key={option.code} htmlFor={optionId(id, i)} className={optionLabel}>
          <input
            type="checkbox"
            id={optionId(id, i)}
            name={id}
            value={option.code}
            checked={ticked.includes(option.code)}
            disabled={disabled}
            aria-invalid={invalid || undefined}
            className={CHOICE_INPUT_CLASS}
            onChange={(e) => toggle(option.code, e.target.checked)}
          />
          {option.label}
        </label>
      ))}
    </div>
  );
}
