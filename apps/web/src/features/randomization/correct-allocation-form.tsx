// A documented correction of a subject's allocation (issue 30 item 3), for an administrator or a data
// manager of the study's unblinded team: the arm the subject really receives, a reason and the password
// again. The randomization itself is kept; the subject's actual arm changes and the audit trail says why.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { trpc } from '@/lib/trpc';
import { serverError, type ServerError } from '@/lib/server-error';
import { Button } from '@/components/ui/button';
import { Input, NativeSelect, Textarea } from '@/components/ui/input';
import { FormField } from '@/components/form-field';
import { WriteErrorNotice } from '@/components/write-error-notice';

export function CorrectAllocationForm({ patientId, studyId, currentArmId }: { patientId: number; studyId: number; currentArmId: number | null }) {
  const { t } = useTranslation('randomization');
  const utils = trpc.useUtils();
  const design = trpc.design.byStudy.useQuery({ studyId });
  const [open, setOpen] = useState(false);
  const [armId, setArmId] = useState('');
  const [reason, setReason] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<ServerError | null>(null);
  const correct = trpc.randomization.correct.useMutation({
    onSuccess: async () => {
      setOpen(false);
      setPassword('');
      setReason('');
      await utils.randomization.invalidate();
    },
    onError: (e) => setError(serverError(e)),
  });
  if (!open) {
    return (
      <Button variant="outline" onClick={() => setOpen(true)} data-testid="correct-open">
        {t('correct.open')}
      </Button>
    );
  }
  const fieldError = (f: string) => error?.fieldErrors[f]?.[0];
  const arms = (design.data?.arms ?? []).filter((a) => a.id !== currentArmId);
  return (
    <form
      noValidate
      className="grid gap-3 rounded-md border border-border p-3"
      data-testid="correct-form"
      onSubmit={(e) => {
        e.preventDefault();
        setError(null);
        correct.mutate({ patientId, armId: Number(armId), reason, password, code: code.trim() || undefined });
      }}
    >
      <p className="text-sm text-muted-foreground">{t('correct.help')}</p>
      <FormField id="correct-arm" label={t('correct.arm')} error={fieldError('armId')}>
        <NativeSelect value={armId} onChange={(e) => setArmId(e.target.value)}>
          <option value="">—</option>
          {arms.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name} ({a.code})
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField id="correct-reason" label={t('unblind.reason')} error={fieldError('reason')}>
        <Textarea value={reason} onChange={(e) => setReason(e.target.value)} rows={2} />
      </FormField>
      <FormField id="correct-password" label={t('unblind.password')} error={fieldError('password')}>
        <Input type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
      </FormField>
      <FormField id="correct-code" label={t('unblind.code')} hint={t('unblind.codeHint')} error={fieldError('code')}>
        <Input inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} />
      </FormField>
      <WriteErrorNotice error={error && !Object.keys(error.fieldErrors).length ? error : null} />
      <div>
        <Button type="submit" disabled={correct.isPending || !armId} data-testid="correct-submit">
          {t('correct.submit')}
        </Button>
      </div>
    </form>
  );
}
