// Emergency unblinding of one subject by its site's investigator: a reason, the password again and the
// authenticator code when enrolled. The arm is shown here, to this user only; the unblinded team and the
// sponsors are notified by the server.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ShieldAlert } from 'lucide-react';
import { trpc, type RouterOutputs } from '@/lib/trpc';
import { serverError, type ServerError } from '@/lib/server-error';
import { Button } from '@/components/ui/button';
import { Input, Textarea } from '@/components/ui/input';
import { FormField } from '@/components/form-field';
import { WriteErrorNotice } from '@/components/write-error-notice';

type Unblinded = RouterOutputs['randomization']['emergencyUnblind'];

export function EmergencyUnblindForm({ patientId }: { patientId: number }) {
  const { t } = useTranslation('randomization');
  const utils = trpc.useUtils();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<ServerError | null>(null);
  const [done, setDone] = useState<Unblinded | null>(null);
  const unblind = trpc.randomization.emergencyUnblind.useMutation({
    onSuccess: async (a) => {
      setDone(a);
      setPassword('');
      await utils.randomization.subject.invalidate({ patientId });
    },
    onError: (e) => setError(serverError(e)),
  });
  if (done) {
    return (
      <div className="rounded-md border border-destructive/50 p-3 text-sm" data-testid="unblinded-arm">
        <p className="font-medium">{t('unblind.arm', { arm: `${done.arm.name} (${done.arm.code})` })}</p>
        <p className="text-muted-foreground">{t('unblind.notified')}</p>
      </div>
    );
  }
  if (!open) {
    return (
      <Button variant="destructive" onClick={() => setOpen(true)} data-testid="unblind-open">
        <ShieldAlert /> {t('unblind.open')}
      </Button>
    );
  }
  const fieldError = (f: string) => error?.fieldErrors[f]?.[0];
  return (
    <form
      noValidate
      className="grid gap-3 rounded-md border border-destructive/50 p-3"
      data-testid="unblind-form"
      onSubmit={(e) => {
        e.preventDefault();
        setError(null);
        unblind.mutate({ patientId, reason, password, code: code.trim() || undefined });
      }}
    >
      <p className="text-sm text-muted-foreground">{t('unblind.help')}</p>
      <FormField id="unblind-reason" label={t('unblind.reason')} error={fieldError('reason')}>
        <Textarea value={reason} onChange={(e) => setReason(e.target.value)} rows={3} />
      </FormField>
      <FormField id="unblind-password" label={t('unblind.password')} error={fieldError('password')}>
        <Input type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
      </FormField>
      <FormField id="unblind-code" label={t('unblind.code')} hint={t('unblind.codeHint')} error={fieldError('code')}>
        <Input inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} />
      </FormField>
      <WriteErrorNotice error={error && !Object.keys(error.fieldErrors).length ? error : null} />
      <Button type="submit" variant="destructive" disabled={unblind.isPending} data-testid="unblind-submit">
        <ShieldAlert /> {t('unblind.submit')}
      </Button>
    </form>
  );
}
