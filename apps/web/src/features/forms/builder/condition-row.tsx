// One skip-logic condition: field, operator (==, !=, <, <=, >, >=, is empty, is not empty) and value
// (Yes/No and choice fields offer their codes; numeric fields store numbers).
import { useTranslation } from 'react-i18next';
import { X } from 'lucide-react';
import type { ScalarField } from '@ctp/contracts';
import { Button } from '@/components/ui/button';
import { Input, NativeSelect } from '@/components/ui/input';
import { NUMERIC_TYPES } from './field-factory';
import { CONDITION_OPERATORS, needsValue, typedValue, type Condition, type ConditionOperator } from './logic-conditions';

export function ConditionRow({
  n,
  condition,
  candidates,
  onChange,
  onRemove,
}: {
  n: number;
  condition: Condition;
  candidates: readonly ScalarField[];
  onChange: (condition: Condition) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('forms-builder');
  const target = candidates.find((f) => f.code === condition.field);
  const known = !!target || condition.field === '';
  const options = target?.type === 'yesNo' ? [{ code: 'Y', label: t('skip.yes') }, { code: 'N', label: t('skip.no') }] : target && 'codeList' in target ? target.codeList : null;
  const shown = condition.value === null ? '' : String(condition.value);
  const setValue = (text: string) => onChange({ ...condition, value: typedValue(text, !!target && NUMERIC_TYPES.includes(target.type)) });

  return (
    <li className="grid gap-2 sm:grid-cols-[1fr_9rem_1fr_auto]" data-testid={`builder-condition-${n}`}>
      <NativeSelect aria-label={t('skip.field', { n })} value={condition.field} onChange={(e) => onChange({ ...condition, field: e.target.value, value: needsValue(condition.operator) ? '' : null })}>
        {!known && <option value={condition.field}>{t('skip.unknownField', { code: condition.field })}</option>}
        {candidates.map((f) => (
          <option key={f.code} value={f.code}>
            {f.code} — {f.label}
          </option>
        ))}
      </NativeSelect>
      <NativeSelect
        aria-label={t('skip.operator', { n })}
        value={condition.operator}
        onChange={(e) => {
          const operator = e.target.value as ConditionOperator;
          onChange({ ...condition, operator, value: needsValue(operator) ? (condition.value ?? '') : null });
        }}
      >
        {CONDITION_OPERATORS.map((op) => (
          <option key={op} value={op}>
            {t(`operators.${op}`)}
          </option>
        ))}
      </NativeSelect>
      {!needsValue(condition.operator) ? (
        <span aria-hidden />
      ) : options ? (
        <NativeSelect aria-label={t('skip.value', { n })} value={shown} onChange={(e) => setValue(e.target.value)}>
          <option value="">{t('skip.choose')}</option>
          {options.map((o) => (
            <option key={o.code} value={o.code}>
              {o.code} — {o.label}
            </option>
          ))}
        </NativeSelect>
      ) : (
        <Input aria-label={t('skip.value', { n })} value={shown} onChange={(e) => setValue(e.target.value)} />
      )}
      <Button type="button" variant="ghost" size="icon" aria-label={t('skip.remove', { n })} onClick={onRemove}>
        <X aria-hidden />
      </Button>
    </li>
  );
}
