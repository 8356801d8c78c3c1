// /forgot-password: asks for a reset link by e-mail. The answer is the same whether or not the
// address has an account, so the page cannot be used to find out who has one.
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { requestPasswordResetInput } from '@ctp/contracts';
import { trpc } from '@/lib/trpc';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { ErrorState } from '@/components/ui/states';
import { FormField } from '@/components/form-field';
import { translateValidation } from '@/lib/validation-messages';
import { AuthCard } from '@/features/account/auth-card';

export default function ForgotPasswordPage() {
  const { t } = useTranslation('account');
  const form = useForm<{ email: string }>({ resolver: zodResolver(requestPasswordResetInput), defaultValues: { email: '' } });
  const request = trpc.auth.requestPasswordReset.useMutation();
  return (
    <AuthCard title={t('forgot.title')} description={t('forgot.description')}>
      {request.isSuccess ? (
        <div className="grid gap-4">
          <p role="status" className="rounded-md border border-blue-200 bg-blue-50 p-3 text-sm text-blue-800">{t('forgot.sent')}</p>
          <p className="text-xs text-muted-foreground">{t('forgot.noMail')}</p>
          <Link to="/login" className="text-sm text-primary hover:underline">{t('forgot.backToLogin')}</Link>
        </div>
      ) : (
        <form className="grid gap-4" noValidate onSubmit={form.handleSubmit((v) => request.mutate(v))}>
          {request.error && <ErrorState message={translateValidation(t, request.error.message)} />}
          <FormField id="email" label={t('fields.email')} error={form.formState.errors.email?.message}>
            <Input type="email" autoComplete="username" {...form.register('email')} />
          </FormField>
          <Button type="submit" disabled={request.isPending}>{t('forgot.submit')}</Button>
          <Link to="/login" className="text-center text-sm text-primary hover:underline">{t('forgot.backToLogin')}</Link>
        </form>
      )}
    </AuthCard>
  );
}
