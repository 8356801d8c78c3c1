// The element-sequence editor of an arm: its steps in order (TAETORD), each an element of the study with
// its epoch and optional branch and transition rules; add, move and remove steps, then save the whole
// sequence with a reason. The contracts' schema checks it here and the server checks it again.
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { armSequenceInput, SUGGESTED_EPOCHS } from '@ctp/contracts';
import { trpc } from '@/lib/trpc';
import { Button } from '@/components/ui/button';
import { Input, NativeSelect, Textarea } from '@/components/ui/input';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import { FormField } from '@/components/form-field';
import { FormActions } from '@/components/form-actions';
import { WriteErrorNotice } from '@/components/write-error-notice';
import { serverError, type ServerError } from '@/lib/server-error';
import { useDesignInvalidate, type DesignArm, type DesignElement } from './use-design';

interface Step {
  elementId: string;
  epoch: string;
  branch: string;
  transition: string;
}

export function SequenceDialog({ arm, elements, trigger }: { arm: DesignArm; elements: DesignElement[]; trigger: ReactElement }) {
  const { t } = useTranslation('design');
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>{t('sequence.title', { code: arm.code })}</DialogTitle>
          <DialogDescription>{t('sequence.help')}</DialogDescription>
        </DialogHeader>
        {open && <SequenceForm arm={arm} elements={elements} close={() => setOpen(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function SequenceForm({ arm, elements, close }: { arm: DesignArm; elements: DesignElement[]; close: () => void }) {
  const { t } = useTranslation('design');
  const { t: tc } = useTranslation('common');
  const invalidate = useDesignInvalidate();
  const [steps, setSteps] = useState<Step[]>(() =>
    arm.steps.map((s) => ({ elementId: String(s.elementId), epoch: s.epoch, branch: s.branch ?? '', transition: s.transition ?? '' })),
  );
  const [reason, setReason] = useState('');
  const [issues, setIssues] = useState<Record<string, string>>({});
  const [error, setError] = useState<ServerError | null>(null);
  const save = trpc.design.setArmSequence.useMutation({
    onSuccess: async () => {
      await invalidate();
      toast({ title: t('sequence.saved', { code: arm.code }) });
      close();
    },
    onError: (e) => {
      const err = serverError(e);
      const placed = Object.fromEntries(Object.entries(err.fieldErrors).map(([k, v]) => [k, v?.[0] ?? '']));
      setIssues(placed);
      setError(Object.keys(placed).length ? null : err);
    },
  });
  const update = (k: number, patch: Partial<Step>) => setSteps((list) => list.map((s, i) => (i === k ? { ...s, ...patch } : s)));
  const move = (k: number, by: number) =>
    setSteps((list) => {
      const next = [...list];
      const [s] = next.splice(k, 1);
      next.splice(k + by, 0, s!);
      return next;
    });
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    const parsed = armSequenceInput.safeParse({
      armId: arm.id,
      version: arm.version,
      reason,
      steps: steps.map((s) => ({ elementId: s.elementId || undefined, epoch: s.epoch.trim().toUpperCase(), branch: s.branch, transition: s.transition })),
    });
    if (!parsed.success) {
      setIssues(Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message])));
      return;
    }
    setIssues({});
    save.mutate(parsed.data);
  };
  return (
    <form noValidate className="grid gap-4" onSubmit={submit}>
      <datalist id="epoch-suggestions">
        {SUGGESTED_EPOCHS.map((e) => (
          <option key={e} value={e} />
        ))}
      </datalist>
      {steps.length === 0 && <p className="text-sm text-muted-foreground">{t('sequence.empty')}</p>}
      <ol className="grid gap-3">
        {steps.map((s, k) => (
          <li key={k} className="grid gap-2 rounded-lg border border-border p-3" data-testid="sequence-step">
            <div className="flex items-center justify-between gap-2">
              <span className="text-sm font-medium">{t('sequence.step', { n: k + 1 })}</span>
              <div className="flex gap-1">
                <Button type="button" variant="ghost" size="sm" disabled={k === 0} aria-label={t('sequence.moveUp', { n: k + 1 })} onClick={() => move(k, -1)}>
                  <ArrowUp />
                </Button>
                <Button type="button" variant="ghost" size="sm" disabled={k === steps.length - 1} aria-label={t('sequence.moveDown', { n: k + 1 })} onClick={() => move(k, 1)}>
                  <ArrowDown />
                </Button>
                <Button type="button" variant="ghost" size="sm" aria-label={t('sequence.remove', { n: k + 1 })} onClick={() => setSteps((list) => list.filter((_, i) => i !== k))}>
                  <Trash2 />
                </Button>
              </div>
            </div>
            <div className="grid gap-2 sm:grid-cols-2">
              <FormField id={`step-${k}-element`} label={t('sequence.element')} error={issues[`steps.${k}.elementId`]}>
                <NativeSelect value={s.elementId} onChange={(e) => update(k, { elementId: e.target.value })}>
                  <option value="">{t('sequence.chooseElement')}</option>
                  {elements.map((el) => (
                    <option key={el.id} value={el.id}>
                      {el.code} — {el.name}
                    </option>
                  ))}
                </NativeSelect>
              </FormField>
              <FormField id={`step-${k}-epoch`} label={t('sequence.epoch')} error={issues[`steps.${k}.epoch`]}>
                <Input list="epoch-suggestions" autoComplete="off" className="uppercase" value={s.epoch} onChange={(e) => update(k, { epoch: e.target.value.toUpperCase() })} />
              </FormField>
              <FormField id={`step-${k}-branch`} label={t('sequence.branch')} error={issues[`steps.${k}.branch`]}>
                <Input autoComplete="off" value={s.branch} onChange={(e) => update(k, { branch: e.target.value })} />
              </FormField>
              <FormField id={`step-${k}-transition`} label={t('sequence.transition')} error={issues[`steps.${k}.transition`]}>
                <Input autoComplete="off" value={s.transition} onChange={(e) => update(k, { transition: e.target.value })} />
              </FormField>
            </div>
          </li>
        ))}
      </ol>
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="justify-self-start"
        disabled={elements.length === 0}
        title={elements.length === 0 ? t('sequence.noElements') : undefined}
        onClick={() => setSteps((list) => [...list, { elementId: '', epoch: list[list.length - 1]?.epoch ?? 'SCREENING', branch: '', transition: '' }])}
      >
        <Plus /> {t('sequence.addStep')}
      </Button>
      {elements.length === 0 && <p className="text-xs text-muted-foreground">{t('sequence.noElements')}</p>}
      <FormField id="sequence-reason" label={tc('actions.reasonForChange')} error={issues.reason} hint={tc('actions.reasonHelp')}>
        <Textarea rows={2} value={reason} onChange={(e) => setReason(e.target.value)} />
      </FormField>
      <WriteErrorNotice error={error ?? (issues.steps ? { code: undefined, message: issues.steps } : null)} onReload={() => void invalidate().then(close)} />
      <FormActions onCancel={close} pending={save.isPending} />
    </form>
  );
}
