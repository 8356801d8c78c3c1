// One edit check: id, message, severity (error refuses the save, warning raises a query), the
// repeating group it runs per row of, and its kind's own settings. Deleted with its button.
import { useTranslation } from 'react-i18next';
import { Trash2 } from 'lucide-react';
import type { EditCheck } from '@ctp/contracts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input, NativeSelect } from '@/components/ui/input';
import { FormField as LabelledField } from '@/components/form-field';
import { CheckKindFields } from './check-kind-fields';
import { keyOf } from './field-keys';

const ID_PATTERN = /^[A-Za-z0-9_-]+$/;

export function CheckEditor({
  check,
  codes,
  groups,
  duplicateId,
  onChange,
  onRemove,
}: {
  check: EditCheck;
  codes: readonly string[];
  groups: readonly string[];
  duplicateId: boolean;
  onChange: (check: EditCheck) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('forms-builder');
  const id = `check-${keyOf(check)}`;
  const set = (patch: Record<string, unknown>) => onChange({ ...check, ...patch } as EditCheck);
  const idError = !ID_PATTERN.test(check.id) ? t('schema.checkIdPattern') : duplicateId ? t('schema.checkTwice', { a: check.id }) : undefined;

  return (
    <section className="grid gap-3 rounded-lg border border-border p-3" aria-labelledby={`${id}-title`} data-testid={`builder-check-${check.id}`}>
      <div className="flex items-center justify-between gap-2">
        <h3 id={`${id}-title`} className="flex items-center gap-2 text-sm font-semibold">
          <span className="font-mono">{check.id || '—'}</span>
          <Badge tone={check.severity === 'error' ? 'danger' : 'warning'}>{t(`checks.kinds.${check.kind}`)}</Badge>
        </h3>
        <Button type="button" variant="ghost" size="sm" className="text-destructive" onClick={onRemove} aria-label={t('checks.remove', { id: check.id })}>
          <Trash2 aria-hidden /> {t('checks.removeShort')}
        </Button>
      </div>
      <div className="grid gap-3 sm:grid-cols-3">
        <LabelledField id={`${id}-id`} label={t('checks.id')} error={idError}>
          <Input className="font-mono" value={check.id} onChange={(e) => set({ id: e.target.value.trim() })} />
        </LabelledField>
        <LabelledField id={`${id}-severity`} label={t('checks.severity')}>
          <NativeSelect value={check.severity} onChange={(e) => set({ severity: e.target.value })}>
            <option value="warning">{t('checks.warning')}</option>
            <option value="error">{t('checks.error')}</option>
          </NativeSelect>
        </LabelledField>
        <LabelledField id={`${id}-group`} label={t('checks.group')}>
          <NativeSelect value={check.group ?? ''} onChange={(e) => set({ group: e.target.value || undefined })}>
            <option value="">{t('checks.wholeForm')}</option>
            {groups.map((g) => (
              <option key={g} value={g}>
                {g}
              </option>
            ))}
          </NativeSelect>
        </LabelledField>
      </div>
      <LabelledField id={`${id}-message`} label={t('checks.message')} error={check.message.trim() ? undefined : t('schema.checkMessageMissing')}>
        <Input value={check.message} onChange={(e) => set({ message: e.target.value })} />
      </LabelledField>
      <CheckKindFields id={id} check={check} codes={codes} onChange={onChange} />
    </section>
  );
}
