// The log-in's second step: after a correct password, the code from the authenticator app (or a
// recovery code), or, for a role that requires two-factor authentication and an account without it,
// the enrolment. No session exists until this step succeeds; a spent or late step says to sign in again.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CurrentUser, MfaLoginStep } from '@ctp/contracts';
import { trpc, type RouterOutputs } from '@/lib/trpc';
import { serverError } from '@/lib/server-error';
import { translateValidation } from '@/lib/validation-messages';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { ErrorState } from '@/components/ui/states';
import { FormField } from '@/components/form-field';
import { MfaEnrolPanel, RecoveryCodes } from './mfa-enrol-panel';

export function MfaLoginStepView({ step, onSignedIn, onRestart }: { step: MfaLoginStep; onSignedIn: (user: CurrentUser) => void; onRestart: () => void }) {
  return step.mfaStep === 'verify' ? (
    <VerifyCode pendingToken={step.pendingToken} onSignedIn={onSignedIn} onRestart={onRestart} />
  ) : (
    <ForcedEnrolment pendingToken={step.pendingToken} onSignedIn={onSignedIn} onRestart={onRestart} />
  );
}

function VerifyCode({ pendingToken, onSignedIn, onRestart }: { pendingToken: string; onSignedIn: (user: CurrentUser) => void; onRestart: () => void }) {
  const { t } = useTranslation('account');
  const tc = useTranslation('common').t;
  const client = trpc.useUtils().client;
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={async (e) => {
        e.preventDefault();
        setError(null);
        if (!code.trim()) {
          setCodeError(t('mfa.enterCode'));
          return;
        }
        setCodeError(undefined);
        setPending(true);
        try {
          onSignedIn(await client.mfa.verifyLogin.mutate({ pendingToken, code: code.trim() }));
        } catch (err) {
          const se = serverError(err);
          setCode('');
          if (se.fieldErrors.code?.[0]) setCodeError(se.fieldErrors.code[0]);
          else setError(se.message);
        } finally {
          setPending(false);
        }
      }}
    >
      <p className="text-sm text-muted-foreground">{t('mfa.loginPrompt')}</p>
      <FormField id="mfa-code" label={t('mfa.code')} error={codeError} hint={t('mfa.loginHint')}>
        <Input autoComplete="one-time-code" autoFocus maxLength={40} value={code} onChange={(e) => setCode(e.target.value)} />
      </FormField>
      {error && <ErrorState message={translateValidation(tc, error)} />}
      <Button type="submit" disabled={pending}>{pending ? t('mfa.checking') : t('mfa.verify')}</Button>
      <Button type="button" variant="link" onClick={onRestart}>{t('mfa.restart')}</Button>
    </form>
  );
}

function ForcedEnrolment({ pendingToken, onSignedIn, onRestart }: { pendingToken: string; onSignedIn: (user: CurrentUser) => void; onRestart: () => void }) {
  const { t } = useTranslation('account');
  const tc = useTranslation('common').t;
  const client = trpc.useUtils().client;
  const [enrolment, setEnrolment] = useState<RouterOutputs['mfa']['startLoginEnrolment'] | null>(null);
  const [done, setDone] = useState<{ user: CurrentUser; recoveryCodes: string[] } | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Once per pending log-in (a second start would replace the secret the first one showed).
  const started = useRef<string | null>(null);
  useEffect(() => {
    if (started.current === pendingToken) return;
    started.current = pendingToken;
    client.mfa.startLoginEnrolment
      .mutate({ pendingToken })
      .then(setEnrolment)
      .catch((err: unknown) => setError(serverError(err).message));
  }, [client, pendingToken]);
  if (done) return <RecoveryCodes codes={done.recoveryCodes} onDone={() => onSignedIn(done.user)} />;
  return (
    <div className="grid gap-4">
      <p className="text-sm">{t('mfa.requiredAtLogin')}</p>
      {error && <ErrorState message={translateValidation(tc, error)} />}
      {enrolment && (
        <MfaEnrolPanel
          enrolment={enrolment}
          confirm={async (code) => setDone(await client.mfa.completeLoginEnrolment.mutate({ pendingToken, code }))}
        />
      )}
      <Button type="button" variant="link" onClick={onRestart}>{t('mfa.restart')}</Button>
    </div>
  );
}
