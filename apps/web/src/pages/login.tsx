// The log-in page. Two fields checked by the browser's own constraint validation (an address, a
// password) rather than a form library and zod, and plain fetches (lib/public-api.ts) rather than the
// tRPC and React Query clients: the page is the first one behind the landing page and loads none of
// them (the server checks the input against the contracts' loginInput anyway). The two-factor step,
// which uses tRPC, loads with its providers when it is needed; so do they after a successful log-in.
import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import i18next from 'i18next';
import type { CurrentUser, MfaLoginStep } from '@ctp/contracts';
import { publicApi } from '@/lib/public-api';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ErrorState } from '@/components/ui/states';
import { loadNamespaces } from '@/lib/i18n';
import { SsoErrorNotice, SsoSignIn } from '@/features/sso/sso-sign-in';
import { AuthCard } from '@/features/account/auth-card';

const MfaLoginStepView = lazy(async () => {
  const [{ ApiProviders }, { MfaLoginStepView: View }] = await Promise.all([
    import('@/app-providers'),
    import('@/features/account/mfa-login-step'),
    loadNamespaces(['validation']),
  ]);
  return { default: (props: Parameters<typeof View>[0]) => <ApiProviders><View {...props} /></ApiProviders> };
});

/** The contracts' loginInput messages, checked here by the browser's constraint validation. */
const EMAIL_MESSAGE = 'Enter a valid email address';
const PASSWORD_MESSAGE = 'Enter your password';
type FieldErrors = { email?: string; password?: string };

/** A message in the reader's language: the validation strings and their reader load with the first one. */
async function explain(message: string) {
  const [{ translateValidation }] = await Promise.all([import('@/lib/message-templates'), loadNamespaces(['validation'])]);
  return translateValidation(i18next.t, message);
}

/** Only same-site paths are followed after login, so a crafted link cannot send users elsewhere. */
function safeNext(next: string | null) {
  return next && next.startsWith('/') && !next.startsWith('//') ? next : '/dashboard';
}

export default function LoginPage() {
  const { t } = useTranslation('common');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const next = safeNext(params.get('next'));
  const ta = useTranslation('account').t;
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  // Two-factor authentication: after the password, the code (or the enrolment the role requires).
  const [mfaStep, setMfaStep] = useState<MfaLoginStep | null>(null);
  const [alreadySignedIn, setAlreadySignedIn] = useState(false);
  const [pending, setPending] = useState(false);
  const [loginError, setLoginError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    publicApi.me().then((user) => live && setAlreadySignedIn(!!user), () => {});
    return () => void (live = false);
  }, []);
  const signedIn = async (user: CurrentUser) => {
    (await import('@/app-providers')).rememberSignedIn(user);
    navigate(next, { replace: true });
  };
  const logIn = async (input: { email: string; password: string }) => {
    setPending(true);
    setLoginError(null);
    try {
      const result = await publicApi.login(input);
      if (!result) return;
      if ('mfaStep' in result) setMfaStep(result);
      // The password is older than the policy allows: choose a new one through the link just issued.
      else if ('passwordExpired' in result) navigate(`${result.passwordExpired.path}&expired=1`, { replace: true });
      else await signedIn(result);
    } catch (err) {
      setLoginError(await explain((err as Error).message));
    } finally {
      setPending(false);
    }
  };
  if (alreadySignedIn) return <Navigate to={next} replace />;
  if (mfaStep) {
    return (
      <AuthCard title={ta(mfaStep.mfaStep === 'verify' ? 'mfa.loginTitle' : 'mfa.enrolTitle')}>
        <Suspense fallback={<div className="h-40" aria-busy="true" />}>
          <MfaLoginStepView step={mfaStep} onSignedIn={(user) => void signedIn(user)} onRestart={() => { setMfaStep(null); setLoginError(null); setPassword(''); }} />
        </Suspense>
      </AuthCard>
    );
  }
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const fields = event.currentTarget.elements as unknown as { email: HTMLInputElement; password: HTMLInputElement };
    const found: FieldErrors = {
      email: email.trim() && fields.email.validity.valid ? undefined : EMAIL_MESSAGE,
      password: password ? undefined : PASSWORD_MESSAGE,
    };
    if (found.email) fields.email.focus();
    else if (found.password) fields.password.focus();
    else void logIn({ email: email.trim(), password });
    if (!found.email && !found.password) return setErrors({});
    void Promise.all([found.email && explain(found.email), found.password && explain(found.password)]).then(([e, p]) =>
      setErrors({ email: e || undefined, password: p || undefined }),
    );
  };
  return (
    <AuthCard title={t('login.title')} description={t('login.subtitle')}>
      <form className="grid gap-4" onSubmit={submit} noValidate>
        {params.get('passwordSet') && !loginError && (
          <p role="status" className="rounded-md border border-green-200 bg-green-50 p-3 text-sm text-green-800">{ta('setPassword.done')}</p>
        )}
        {loginError ? <ErrorState message={loginError} /> : <SsoErrorNotice code={params.get('sso_error')} />}
        <div className="grid gap-1.5">
          <Label htmlFor="email">{t('login.email')}</Label>
          <Input id="email" name="email" type="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} aria-invalid={!!errors.email} aria-describedby={errors.email ? 'email-error' : undefined} />
          {errors.email && <p id="email-error" className="text-xs text-destructive">{errors.email}</p>}
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="password">{t('login.password')}</Label>
          <Input id="password" name="password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} aria-invalid={!!errors.password} aria-describedby={errors.password ? 'password-error' : undefined} />
          {errors.password && <p id="password-error" className="text-xs text-destructive">{errors.password}</p>}
        </div>
        <Button type="submit" disabled={pending}>{pending ? t('login.signingIn') : t('login.submit')}</Button>
        <Link to="/forgot-password" className="text-center text-sm text-primary hover:underline">{ta('forgot.link')}</Link>
      </form>
      <SsoSignIn next={next} />
    </AuthCard>
  );
}
