// A check's own settings: required-if (field, when), range (field, min, max), compare (left,
// operator, right) and expression (JSON-logic that must hold).
import { useTranslation } from 'react-i18next';
import { COMPARE_OPERATORS, type EditCheck } from '@ctp/contracts';
import { NativeSelect } from '@/components/ui/input';
import { FormField as LabelledField } from '@/components/form-field';
import { OptionalNumber } from './controls';
import { JsonLogicInput } from './json-logic-input';

function FieldPicker({ id, label, value, codes, onChange }: { id: string; label: string; value: string; codes: readonly string[]; onChange: (code: string) => void }) {
  const { t } = useTranslation('forms-builder');
  return (
    <LabelledField id={id} label={label} error={codes.includes(value) ? undefined : t('checks.pickField')}>
      <NativeSelect value={value} onChange={(e) => onChange(e.target.value)}>
        {!codes.includes(value) && <option value={value}>{value ? t('skip.unknownField', { code: value }) : t('skip.choose')}</option>}
        {codes.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </NativeSelect>
    </LabelledField>
  );
}

export function CheckKindFields({ id, check, codes, onChange }: { id: string; check: EditCheck; codes: readonly string[]; onChange: (check: EditCheck) => void }) {
  const { t } = useTranslation('forms-builder');
  switch (check.kind) {
    case 'requiredIf':
      return (
        <div className="grid gap-3">
          <FieldPicker id={`${id}-field`} label={t('checks.field')} value={check.field} codes={codes} onChange={(field) => onChange({ ...check, field })} />
          <JsonLogicInput label={t('checks.when')} hint={t('checks.whenHint')} value={check.when} onChange={(when) => onChange({ ...check, when: when ?? null })} />
        </div>
      );
    case 'range':
      return (
        <div className="grid gap-3 sm:grid-cols-3">
          <FieldPicker id={`${id}-field`} label={t('checks.field')} value={check.field} codes={codes} onChange={(field) => onChange({ ...check, field })} />
          <LabelledField id={`${id}-min`} label={t('range.min')}>
            <OptionalNumber value={check.min} onChange={(min) => onChange({ ...check, min })} />
          </LabelledField>
          <LabelledField id={`${id}-max`} label={t('range.max')}>
            <OptionalNumber value={check.max} onChange={(max) => onChange({ ...check, max })} />
          </LabelledField>
        </div>
      );
    case 'compare':
      return (
        <div className="grid gap-3 sm:grid-cols-3">
          <FieldPicker id={`${id}-left`} label={t('checks.left')} value={check.left} codes={codes} onChange={(left) => onChange({ ...check, left })} />
          <LabelledField id={`${id}-operator`} label={t('checks.operator')}>
            <NativeSelect value={check.operator} onChange={(e) => onChange({ ...check, operator: e.target.value as typeof check.operator })}>
              {COMPARE_OPERATORS.map((op) => (
                <option key={op} value={op}>
                  {t(`operators.${op}`)}
                </option>
              ))}
            </NativeSelect>
          </LabelledField>
          <FieldPicker id={`${id}-right`} label={t('checks.right')} value={check.right} codes={codes} onChange={(right) => onChange({ ...check, right })} />
        </div>
      );
    case 'expression':
      return <JsonLogicInput label={t('checks.expression')} hint={t('checks.expressionHint')} value={check.expression} onChange={(expression) => onChange({ ...check, expression: expression ?? null })} />;
  }
}
