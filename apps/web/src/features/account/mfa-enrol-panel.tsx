// Enrolling an authenticator app: the QR code to scan, the same secret to type by hand, and the first
// code to confirm it. Used on the profile and at a log-in that requires two-factor authentication.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverError } from '@/lib/server-error';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { ErrorState } from '@/components/ui/states';
import { FormField } from '@/components/form-field';
import { translateValidation } from '@/lib/validation-messages';

/** The secret in groups of four, as authenticator apps show and people type it. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

export function MfaEnrolPanel({
  enrolment,
  confirm,
  onCancel,
}: {
  enrolment: { secret: string; qrCode: string };
  /** Sends the code; throws the server's refusal. */
  confirm: (code: string) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const { t } = useTranslation('account');
  const tc = useTranslation('common').t;
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
        if (!/^\d{6}$/.test(code.replace(/\s+/g, ''))) {
          setCodeError(t('mfa.codeFormat'));
          return;
        }
        setCodeError(undefined);
        setPending(true);
        try {
          await confirm(code);
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
      <ol className="grid list-decimal gap-3 pl-5 text-sm">
        <li>{t('mfa.scan')}</li>
        <li className="list-none -ml-5">
          <img src={enrolment.qrCode} alt={t('mfa.qrAlt')} width={220} height={220} className="rounded border border-border bg-white" data-testid="mfa-qr" />
        </li>
        <li>
          {t('mfa.manual')}
          <code className="mt-1 block select-all break-all rounded bg-muted px-2 py-1 font-mono text-sm tracking-wider" data-testid="mfa-secret">
            {grouped(enrolment.secret)}
          </code>
        </li>
        <li>{t('mfa.enterFirstCode')}</li>
      </ol>
      <FormField id="mfa-enrol-code" label={t('mfa.code')} error={codeError}>
        <Input inputMode="numeric" autoComplete="one-time-code" maxLength={7} value={code} onChange={(e) => setCode(e.target.value)} />
      </FormField>
      {error && <ErrorState message={translateValidation(tc, error)} />}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={pending}>{pending ? t('mfa.checking') : t('mfa.confirm')}</Button>
        {onCancel && <Button type="button" variant="outline" onClick={onCancel}>{tc('actions.cancel')}</Button>}
      </div>
    </form>
  );
}

/** The recovery codes, shown once after they are issued. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation('account');
  return (
    <div role="status" className="grid gap-3 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm" data-testid="recovery-codes">
      <p className="font-medium">{t('mfa.recoveryTitle')}</p>
      <p>{t('mfa.recoveryText')}</p>
      <ul className="grid grid-cols-2 gap-1 font-mono">
        {codes.map((c) => <li key={c} data-testid="recovery-code">{c}</li>)}
      </ul>
      <div>
        <Button type="button" onClick={onDone}>{t('mfa.recoverySaved')}</Button>
      </div>
    </div>
  );
}
