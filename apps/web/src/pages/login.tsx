import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { loginInput, type CurrentUser, type LoginInput, type MfaLoginStep } from '@ctp/contracts';
import { trpc } from '@/lib/trpc';
import { useCurrentUser } from '@/lib/auth';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ErrorState } from '@/components/ui/states';
import { translateValidation } from '@/lib/validation-messages';
import { SsoErrorNotice, SsoSignIn } from '@/features/sso/sso-sign-in';
import { AuthCard } from '@/features/account/auth-card';
import { MfaLoginStepView } from '@/features/account/mfa-login-step';

/** Only same-site paths are followed after login, so a crafted link cannot send users elsewhere. */
function safeNext(next: string | null) {
  return next && next.startsWith('/') && !next.startsWith('//') ? next : '/dashboard';
}

export default function LoginPage() {
  const { t } = useTranslation('common');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const me = useCurrentUser();
  const next = safeNext(params.get('next'));
  const ta = useTranslation('account').t;
  const form = useForm<LoginInput>({ resolver: zodResolver(loginInput), defaultValues: { email: params.get('email') ?? '', password: '' } });
  // Two-factor authentication: after the password, the code (or the enrolment the role requires).
  const [mfaStep, setMfaStep] = useState<MfaLoginStep | null>(null);
  const signedIn = (user: CurrentUser) => {
    utils.auth.me.setData(undefined, user);
    navigate(next, { replace: true });
  };
  const login = trpc.auth.login.useMutation({
    onSuccess: (result) => {
      if (!result) return;
      if ('mfaStep' in result) setMfaStep(result);
      // The password is older than the policy allows: choose a new one through the link just issued.
      else if ('passwordExpired' in result) navigate(`${result.passwordExpired.path}&expired=1`, { replace: true });
      else signedIn(result);
    },
  });
  if (me.data) return <Navigate to={next} replace />;
  if (mfaStep) {
    return (
      <AuthCard title={ta(mfaStep.mfaStep === 'verify' ? 'mfa.loginTitle' : 'mfa.enrolTitle')}>
        <MfaLoginStepView step={mfaStep} onSignedIn={signedIn} onRestart={() => { setMfaStep(null); login.reset(); form.setValue('password', ''); }} />
      </AuthCard>
    );
  }
  const errors = form.formState.errors;
  return (
    <AuthCard title={t('login.title')} description={t('login.subtitle')}>
      <form className="grid gap-4" onSubmit={form.handleSubmit((v) => login.mutate(v))} noValidate>
        {params.get('passwordSet') && !login.error && (
          <p role="status" className="rounded-md border border-green-200 bg-green-50 p-3 text-sm text-green-800">{ta('setPassword.done')}</p>
        )}
        {login.error ? <ErrorState message={translateValidation(t, login.error.message)} /> : <SsoErrorNotice code={params.get('sso_error')} />}
        <div className="grid gap-1.5">
          <Label htmlFor="email">{t('login.email')}</Label>
          <Input id="email" type="email" autoComplete="username" aria-invalid={!!errors.email} {...form.register('email')} />
          {errors.email && <p className="text-xs text-destructive">{translateValidation(t, errors.email.message ?? '')}</p>}
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="password">{t('login.password')}</Label>
          <Input id="password" type="password" autoComplete="current-password" aria-invalid={!!errors.password} {...form.register('password')} />
          {errors.password && <p className="text-xs text-destructive">{translateValidation(t, errors.password.message ?? '')}</p>}
        </div>
        <Button type="submit" disabled={login.isPending}>{login.isPending ? t('login.signingIn') : t('login.submit')}</Button>
        <Link to="/forgot-password" className="text-center text-sm text-primary hover:underline">{ta('forgot.link')}</Link>
      </form>
      <SsoSignIn next={next} />
    </AuthCard>
  );
}
