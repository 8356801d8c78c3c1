// Two-factor authentication on the profile: turn it on (QR code or the secret typed by hand, confirmed
// with a code; the recovery codes shown once), see how many recovery codes are left, get new ones, and
// turn it off (not when the role requires it). Turning off and new codes ask for the password.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { KeyRound, RefreshCw, ShieldCheck, ShieldOff } from 'lucide-react';
import { trpc, type RouterOutputs } from '@/lib/trpc';
import { formatDateTime } from '@/lib/format';
import { serverError } from '@/lib/server-error';
import { translateValidation } from '@/lib/validation-messages';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/states';
import { MfaEnrolPanel, RecoveryCodes } from './mfa-enrol-panel';
import { PasswordConfirmDialog } from './password-confirm-dialog';

type Enrolment = RouterOutputs['mfa']['startEnrolment'];

export function MfaCard() {
  const { t } = useTranslation('account');
  const tc = useTranslation('common').t;
  const utils = trpc.useUtils();
  const status = trpc.mfa.status.useQuery();
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The vanilla client: the mutation cache would keep a password or the secret among its variables/data.
  const client = utils.client;
  const refresh = () => utils.mfa.status.invalidate();
  const s = status.data;
  return (
    <Card data-testid="mfa-card">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base"><ShieldCheck className="h-4 w-4" aria-hidden /> {t('mfa.title')}</CardTitle>
        <p className="text-sm text-muted-foreground">{t('mfa.description')}</p>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm">
        {status.error && <ErrorState message={status.error.message} />}
        {codes ? (
          <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />
        ) : enrolment ? (
          <MfaEnrolPanel
            enrolment={enrolment}
            onCancel={() => setEnrolment(null)}
            confirm={async (code) => {
              const done = await client.mfa.confirmEnrolment.mutate({ code });
              setEnrolment(null);
              setCodes(done.recoveryCodes);
              await refresh();
            }}
          />
        ) : s && !s.enabled ? (
          <>
            <p data-testid="mfa-state">{s.required ? t('mfa.offRequired') : t('mfa.off')}</p>
            <div>
              <Button
                onClick={async () => {
                  setError(null);
                  try {
                    setEnrolment(await client.mfa.startEnrolment.mutate());
                  } catch (err) {
                    setError(serverError(err).message);
                  }
                }}
              >
                <KeyRound aria-hidden /> {t('mfa.enable')}
              </Button>
            </div>
          </>
        ) : s ? (
          <EnabledState status={s} onCodes={setCodes} refresh={refresh} />
        ) : null}
        {error && <ErrorState message={translateValidation(tc, error)} />}
      </CardContent>
    </Card>
  );
}

function EnabledState({ status: s, onCodes, refresh }: { status: RouterOutputs['mfa']['status']; onCodes: (codes: string[]) => void; refresh: () => Promise<void> }) {
  const { t } = useTranslation('account');
  const client = trpc.useUtils().client;
  return (
    <>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
        <dt className="text-muted-foreground">{t('mfa.state')}</dt>
        <dd data-testid="mfa-state">{t('mfa.onSince', { time: s.enabledAt ? formatDateTime(s.enabledAt) : '—' })}</dd>
        <dt className="text-muted-foreground">{t('mfa.recoveryLeft')}</dt>
        <dd data-testid="mfa-recovery-left">{t('mfa.recoveryCount', { count: s.recoveryCodesRemaining })}</dd>
      </dl>
      {s.recoveryCodesRemaining <= 3 && <p className="text-amber-700">{t('mfa.recoveryLow')}</p>}
      <div className="flex flex-wrap gap-2">
        <PasswordConfirmDialog
          id="mfa-regenerate"
          label={t('mfa.regenerate')}
          icon={<RefreshCw aria-hidden />}
          title={t('mfa.regenerateTitle')}
          description={t('mfa.regenerateText')}
          run={async (password) => {
            const done = await client.mfa.regenerateRecoveryCodes.mutate({ password });
            onCodes(done.recoveryCodes);
            await refresh();
          }}
        />
        {s.required ? (
          <p className="self-center text-xs text-muted-foreground">{t('mfa.requiredForRole')}</p>
        ) : (
          <PasswordConfirmDialog
            id="mfa-disable"
            variant="destructive"
            label={t('mfa.disable')}
            icon={<ShieldOff aria-hidden />}
            title={t('mfa.disableTitle')}
            description={t('mfa.disableText')}
            run={async (password) => {
              await client.mfa.disable.mutate({ password });
              await refresh();
            }}
          />
        )}
      </div>
    </>
  );
}
