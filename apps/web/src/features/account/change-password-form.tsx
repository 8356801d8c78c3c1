// Changing one's own password: the current one and the new one (the policy's refusals land on the new
// password's field; a wrong current password on its own field). Used by the Settings dialog and /profile.
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { changePasswordInput, type ChangePasswordInput } from '@ctp/contracts';
import { trpc } from '@/lib/trpc';
import { applyFieldErrors, serverError } from '@/lib/server-error';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { FormField } from '@/components/form-field';
import { toast } from '@/components/ui/use-toast';

export function ChangePasswordForm({ onDone }: { onDone?: () => void }) {
  const { t } = useTranslation('common');
  const form = useForm<ChangePasswordInput>({ resolver: zodResolver(changePasswordInput), defaultValues: { currentPassword: '', newPassword: '' } });
  const change = trpc.auth.changePassword.useMutation({
    onSuccess: () => {
      toast({ title: t('profile.passwordChanged') });
      form.reset();
      onDone?.();
    },
    onError: (err) => {
      const rest = applyFieldErrors(serverError(err), form.setError, ['currentPassword', 'newPassword']);
      if (rest) form.setError('currentPassword', { message: rest });
    },
  });
  const errors = form.formState.errors;
  return (
    <form className="grid gap-3" onSubmit={form.handleSubmit((v) => change.mutate(v))} noValidate>
      <FormField id="currentPassword" label={t('profile.currentPassword')} error={errors.currentPassword?.message}>
        <Input type="password" autoComplete="current-password" {...form.register('currentPassword')} />
      </FormField>
      <FormField id="newPassword" label={t('profile.newPassword')} error={errors.newPassword?.message} hint={t('profile.passwordPolicy')}>
        <Input type="password" autoComplete="new-password" {...form.register('newPassword')} />
      </FormField>
      <Button type="submit" className="justify-self-end" disabled={change.isPending}>{t('profile.changePassword')}</Button>
    </form>
  );
}
