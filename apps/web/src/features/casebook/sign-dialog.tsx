// "Sign casebook" (investigators, 21 CFR Part 11): the legal notice, the signature's meaning and the
// password re-entered. A wrong password is shown on its field; the password is cleared on every close
// and after every attempt that failed on it, and never leaves this dialog's state. The subject's open
// queries are listed first and must be acknowledged; the signature's manifest then keeps their codes.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PenLine } from 'lucide-react';
import { SIGNATURE_MEANINGS } from '@ctp/contracts';
import { trpc } from '@/lib/trpc';
import { serverError, type ServerError } from '@/lib/server-error';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import { FormField } from '@/components/form-field';
import { FormActions } from '@/components/form-actions';
import { WriteErrorNotice } from '@/components/write-error-notice';
import { useCasebookRefresh } from './use-review';
import { SigningCodeField, useHasMfa } from '@/features/account/signing-code-field';
import { OpenQueriesConfirm, useOpenQueries } from './open-queries-confirm';

type Meaning = (typeof SIGNATURE_MEANINGS)[number];

export function SignDialog({ patientId, code }: { patientId: number; code: string }) {
  const { t } = useTranslation('casebook');
  const [open, setOpen] = useState(false);
  const [meaning, setMeaning] = useState<Meaning | null>(null);
  const [password, setPassword] = useState('');
  const [mfaCode, setMfaCode] = useState('');
  const hasMfa = useHasMfa();
  const [errors, setErrors] = useState<{ meaning?: string; password?: string; code?: string }>({});
  const [error, setError] = useState<ServerError | null>(null);
  const [pending, setPending] = useState(false);
  const [acknowledged, setAcknowledged] = useState(false);
  const [tried, setTried] = useState(false);
  const live = useOpenQueries({ patientId }, open);
  const refresh = useCasebookRefresh();
  const change = (o: boolean) => {
    if (!o && pending) return; // a signature under way finishes before the dialog closes
    setOpen(o);
    setAcknowledged(false);
    setTried(false);
    setMeaning(null);
    setPassword('');
    setMfaCode('');
    setErrors({});
    setError(null);
  };
  // The vanilla client, not useMutation: the mutation cache would keep the password among its variables.
  const client = trpc.useUtils().client;
  const submit = async (input: { patientId: number; meaning: Meaning; password: string; code?: string; acknowledgeOpenQueries?: true }) => {
    setPending(true);
    try {
      await client.casebook.sign.mutate(input);
      toast({ title: t('sign.success'), description: t('sign.successText', { code, meaning: t(`meaning.${input.meaning}`) }) });
      change(false);
      void refresh();
    } catch (e) {
      const err = serverError(e);
      const onPassword = err.fieldErrors.password?.[0];
      const onMeaning = err.fieldErrors.meaning?.[0];
      const onCode = err.fieldErrors.code?.[0];
      setPassword('');
      setMfaCode('');
      setErrors({ password: onPassword, meaning: onMeaning, code: onCode });
      setError(onPassword || onMeaning || onCode ? null : err);
    } finally {
      setPending(false);
    }
  };
  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogTrigger asChild>
        <Button>
          <PenLine aria-hidden /> {t('sign.button')}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('sign.title', { code })}</DialogTitle>
          <DialogDescription>{t('sign.legal')}</DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            const found = { meaning: meaning ? undefined : t('sign.chooseMeaning'), password: password ? undefined : t('sign.enterPassword') };
            setErrors(found);
            setError(null);
            setTried(true);
            if (live.loading || (live.mustAcknowledge && !acknowledged)) return;
            const acknowledgeOpenQueries = live.mustAcknowledge ? (true as const) : undefined;
            if (meaning && password) void submit({ patientId, meaning, password, code: mfaCode.trim() || undefined, acknowledgeOpenQueries });
          }}
        >
          <OpenQueriesConfirm id="sign-acknowledge" openQueries={live} acknowledged={acknowledged} onAcknowledgedChange={setAcknowledged} showError={tried} />
          <div className="grid gap-1.5">
            <span id="sign-meaning-label" className="text-sm font-medium leading-none">
              {t('sign.meaning')}
            </span>
            <div
              role="radiogroup"
              aria-labelledby="sign-meaning-label"
              aria-invalid={errors.meaning ? true : undefined}
              aria-describedby={errors.meaning ? 'sign-meaning-error' : undefined}
              className="grid gap-2"
            >
              {SIGNATURE_MEANINGS.map((m) => (
                <div key={m} className="flex items-start gap-2 rounded-md border border-border p-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-blue-50/60">
                  <input
                    id={`sign-meaning-${m}`}
                    type="radio"
                    name="sign-meaning"
                    value={m}
                    className="mt-0.5 h-4 w-4 accent-primary"
                    checked={meaning === m}
                    onChange={() => setMeaning(m)}
                    aria-describedby={`sign-meaning-${m}-help`}
                  />
                  <div className="grid gap-0.5">
                    <label htmlFor={`sign-meaning-${m}`} className="cursor-pointer font-medium">
                      {t(`meaning.${m}`)}
                    </label>
                    <span id={`sign-meaning-${m}-help`} className="text-xs text-muted-foreground">
                      {t(`meaningHelp.${m}`)}
                    </span>
                  </div>
                </div>
              ))}
            </div>
            {errors.meaning && (
              <p id="sign-meaning-error" role="alert" className="text-xs text-destructive">
                {errors.meaning}
              </p>
            )}
          </div>
          <FormField id="sign-password" label={t('sign.password')} error={errors.password} hint={t('sign.passwordHint')}>
            <Input type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
          </FormField>
          {hasMfa && <SigningCodeField id="sign-code" value={mfaCode} onChange={setMfaCode} error={errors.code} />}
          <WriteErrorNotice error={error} />
          <FormActions onCancel={() => change(false)} pending={pending} submitLabel={t('sign.submit')} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
