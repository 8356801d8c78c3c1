// /set-password?token=…: an invited user's first password, or a new one after a reset, through a
// single-use link. A spent or expired link says so and how to get a new one.
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { trpc } from '@/lib/trpc';
import { applyServerErrors } from '@/lib/server-error';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/states';
import { translateValidation } from '@/lib/validation-messages';
import { AuthCard } from '@/features/account/auth-card';
import { PasswordFields, withPasswordPair } from '@/features/account/password-fields';

const schema = withPasswordPair({});
type Values = z.input<typeof schema>;

export default function SetPasswordPage() {
  const { t } = useTranslation('account');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const link = trpc.auth.passwordLink.useQuery({ token }, { enabled: token.length >= 20, retry: false });
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { password: '', confirm: '' } });
  const setPassword = trpc.auth.setPassword.useMutation({
    onSuccess: ({ email }) => navigate(`/login?passwordSet=1&email=${encodeURIComponent(email)}`, { replace: true }),
    onError: (err) => applyServerErrors(err, form.setError, ['password']),
  });
  if (token.length >= 20 && link.isPending) return <div className="h-full" aria-busy="true" />;
  if (!link.data) {
    return (
      <AuthCard title={t('setPassword.title')}>
        <div className="grid gap-4">
          <ErrorState message={t('setPassword.linkInvalid')} />
          <Link to="/forgot-password" className="text-sm text-primary hover:underline">{t('forgot.askNew')}</Link>
        </div>
      </AuthCard>
    );
  }
  const errors = form.formState.errors;
  const root = errors.root?.server?.message;
  return (
    <AuthCard
      title={link.data.purpose === 'invitation' ? t('setPassword.welcome', { name: link.data.fullName }) : t('setPassword.title')}
      description={t(link.data.purpose === 'invitation' ? 'setPassword.invitationText' : params.get('expired') ? 'setPassword.expiredText' : 'setPassword.resetText', { email: link.data.email })}
    >
      <form className="grid gap-4" noValidate onSubmit={form.handleSubmit(({ password }) => setPassword.mutate({ token, password }))}>
        {root && <ErrorState message={translateValidation(t, root)} />}
        <input type="email" autoComplete="username" value={link.data.email} readOnly hidden />
        <PasswordFields register={form.register} errors={errors} />
        <Button type="submit" disabled={setPassword.isPending}>{t('setPassword.submit')}</Button>
      </form>
    </AuthCard>
  );
}
