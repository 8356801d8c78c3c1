// The reason for change every audited write asks for (21 CFR Part 11 / ALCOA+).
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Textarea } from '@/components/ui/input';
import { FormField } from '@/components/form-field';

export function ReasonField({
  id,
  error,
  registration,
  placeholder,
}: {
  id: string;
  error?: string;
  registration: UseFormRegisterReturn;
  placeholder?: string;
}) {
  const { t } = useTranslation('common');
  return (
    <FormField id={id} label={t('actions.reasonForChange')} error={error} hint={t('actions.reasonHelp')}>
      <Textarea rows={2} placeholder={placeholder} {...registration} />
    </FormField>
  );
}
