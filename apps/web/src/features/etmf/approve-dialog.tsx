// Approve: an electronic signature (21 CFR Part 11 §11.50, §11.200). The named approver re-enters their
// password; the signature records their printed name, the time and the meaning "approval" and is bound
// to this version's file by its SHA-256. A wrong password is refused on the password field and nothing
// is signed.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ShieldCheck } from 'lucide-react';
import { documentApproveInput } from '@ctp/contracts';
import { trpc } from '@/lib/trpc';
import { useCurrentUser } from '@/lib/auth';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { DialogFooter } from '@/components/ui/dialog';
import { FormField } from '@/components/form-field';
import { WriteErrorNotice } from '@/components/write-error-notice';
import type { DocumentRow } from './document-actions';
import { checkField } from './check-field';
import { StepDialogFrame } from './step-dialog-frame';
import { useFreshDocument } from './use-fresh-document';
import { useStepHandlers } from './use-step-handlers';
import { SigningCodeField, useHasMfa } from '@/features/account/signing-code-field';

export function ApproveDialog({ row: initial, onClose }: { row: DocumentRow; onClose: () => void }) {
  const { t } = useTranslation('etmf');
  const me = useCurrentUser().data;
  const { row, reload, reloading } = useFreshDocument(initial);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const [mfaCode, setMfaCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const hasMfa = useHasMfa();
  const { handlers, error, setError } = useStepHandlers({
    toastKey: 'approved',
    code: row.code,
    // The server's refusal of the password, in the reader's words.
    fields: { password: () => setPasswordError(t('approve.wrongPassword')), code: (message) => { setMfaCode(''); setCodeError(message); } },
    onClose,
  });
  const approve = trpc.etmf.approve.useMutation(handlers);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const problem = checkField(documentApproveInput.shape.password, password, t('approve.passwordRequired'));
    setPasswordError(problem);
    if (problem) return;
    setError(null);
    setCodeError(undefined);
    approve.mutate({ id: row.id, version: row.rowVersion, password, code: mfaCode.trim() || undefined });
  };

  return (
    <StepDialogFrame testId="etmf-approve-dialog" title={t('approve.title')} row={row} onClose={onClose}>
      <form noValidate className="grid gap-4" onSubmit={submit}>
        <div className="flex gap-3 rounded-md border border-blue-200 bg-blue-50 p-3 text-sm text-blue-900">
          <ShieldCheck className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
          <div className="grid gap-1">
            <p className="font-medium">{t('approve.signHeading')}</p>
            <p>{t('approve.part11')}</p>
          </div>
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-muted-foreground">{t('approve.signer')}</dt>
          <dd className="font-medium">{me?.fullName}</dd>
          <dt className="text-muted-foreground">{t('approve.meaning')}</dt>
          <dd className="font-medium">{t('approve.meaningApproval')}</dd>
          <dt className="text-muted-foreground">{t('approve.file')}</dt>
          <dd className="min-w-0 break-all">
            {row.fileName} · {t('details.versionLabel', { version: row.version })}
          </dd>
        </dl>
        <FormField id="etmf-approve-password" label={t('approve.password')} hint={t('approve.passwordHint')} error={passwordError}>
          <Input type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} autoFocus />
        </FormField>
        {hasMfa && <SigningCodeField id="etmf-approve-code" value={mfaCode} onChange={setMfaCode} error={codeError} />}
        <WriteErrorNotice error={error} reloading={reloading} onReload={() => void reload().then(() => setError(null))} />
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            {t('dialogs.cancel')}
          </Button>
          <Button type="submit" disabled={approve.isPending}>
            <ShieldCheck aria-hidden /> {approve.isPending ? t('approve.signing') : t('approve.submit')}
          </Button>
        </DialogFooter>
      </form>
    </StepDialogFrame>
  );
}
