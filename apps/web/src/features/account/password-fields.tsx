// A new password twice, with the policy under it. The schema checks the policy (the contracts' rule,
// which the server applies again) and that the second entry matches the first.
import { z } from 'zod';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { newPassword } from '@ctp/contracts';
import { Input } from '@/components/ui/input';
import { FormField } from '@/components/form-field';

export const PASSWORDS_DIFFER = 'The two passwords are not the same';

/** Adds password and confirm to a form schema, with the match check. */
export function withPasswordPair<T extends z.ZodRawShape>(shape: T) {
  return z
    .object({ ...shape, password: newPassword, confirm: z.string() })
    .refine((v) => (v as PasswordPair).password === (v as PasswordPair).confirm, { message: PASSWORDS_DIFFER, path: ['confirm'] });
}

export interface PasswordPair {
  password: string;
  confirm: string;
}

export function PasswordFields<T extends PasswordPair>({ register, errors }: { register: UseFormRegister<T>; errors: FieldErrors<T> }) {
  const { t } = useTranslation('account');
  const reg = register as unknown as UseFormRegister<PasswordPair>;
  const errs = errors as FieldErrors<PasswordPair>;
  return (
    <>
      <FormField id="password" label={t('password.new')} error={errs.password?.message} hint={t('password.policy')}>
        <Input type="password" autoComplete="new-password" {...reg('password')} />
      </FormField>
      <FormField id="confirm" label={t('password.confirm')} error={errs.confirm?.message}>
        <Input type="password" autoComplete="new-password" {...reg('confirm')} />
      </FormField>
    </>
  );
}
