// /setup: the first administrator of a deployment without demo data, through the one-time link the
// server printed at start. Once an administrator exists the page is gone (the not-found page).
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { completeSetupInput } from '@ctp/contracts';
import { trpc } from '@/lib/trpc';
import { applyServerErrors } from '@/lib/server-error';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { ErrorState } from '@/components/ui/states';
import { FormField } from '@/components/form-field';
import { translateValidation } from '@/lib/validation-messages';
import { AuthCard } from '@/features/account/auth-card';
import { PasswordFields, withPasswordPair } from '@/features/account/password-fields';
import NotFoundPage from './not-found';

const schema = withPasswordPair({ fullName: completeSetupInput.shape.fullName, email: completeSetupInput.shape.email });
type Values = z.input<typeof schema>;

export default function SetupPage() {
  const { t } = useTranslation('account');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const status = trpc.auth.setupStatus.useQuery(token ? { token } : {}, { retry: false });
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { fullName: '', email: '', password: '', confirm: '' } });
  const complete = trpc.auth.completeSetup.useMutation({
    onSuccess: (user) => {
      utils.auth.me.setData(undefined, user);
      navigate('/admin/users', { replace: true });
    },
    onError: (err) => applyServerErrors(err, form.setError, ['fullName', 'email', 'password']),
  });
  if (status.isPending) return <div className="h-full" aria-busy="true" />;
  if (status.error || !status.data.needed) return <NotFoundPage />;
  if (!status.data.linkValid) {
    return (
      <AuthCard title={t('setup.title')}>
        <ErrorState message={t('setup.linkInvalid')} />
      </AuthCard>
    );
  }
  const errors = form.formState.errors;
  const root = errors.root?.server?.message;
  return (
    <AuthCard title={t('setup.title')} description={t('setup.description')}>
      <form className="grid gap-4" noValidate onSubmit={form.handleSubmit(({ fullName, email, password }) => complete.mutate({ token, fullName, email, password }))}>
        {root && <ErrorState message={translateValidation(t, root)} />}
        <FormField id="fullName" label={t('fields.fullName')} error={errors.fullName?.message}>
          <Input autoComplete="name" {...form.register('fullName')} />
        </FormField>
        <FormField id="email" label={t('fields.email')} error={errors.email?.message}>
          <Input type="email" autoComplete="username" {...form.register('email')} />
        </FormField>
        <PasswordFields register={form.register} errors={errors} />
        <Button type="submit" disabled={complete.isPending}>{complete.isPending ? t('setup.creating') : t('setup.submit')}</Button>
      </form>
    </AuthCard>
  );
}
