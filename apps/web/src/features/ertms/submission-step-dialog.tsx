// Submit (a draft), Record acknowledgement (submitted -> pending, with the agency's reference) and
// Record decision (pending -> approved or rejected): the day it happened (today unless changed), an
// optional note, sent with the version the dialog read. The server decides whether the step is allowed
// (a Submit needs every required artifact linked as an approved document); its refusal is shown here,
// once, and a stale version offers Reload. The values are kept on any refusal.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { submissionStepInput, type SubmissionStepInput } from '@ctp/contracts';
import { trpc } from '@/lib/trpc';
import { serverError, type ServerError } from '@/lib/server-error';
import { todayLocalIso } from '@/lib/format';
import { Button } from '@/components/ui/button';
import { Input, Textarea } from '@/components/ui/input';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import { FormField } from '@/components/form-field';
import { WriteErrorNotice } from '@/components/write-error-notice';
import { useErtmsLabels } from './use-ertms-labels';
import { useErtmsMessage } from './use-ertms-message';
import { DecisionChoice, type Decision } from './decision-choice';
import type { SubmissionRow, SubmissionStep } from './types';

type FieldErrors = Partial<Record<'date' | 'note' | 'agencyReference' | 'decision', string>>;

export function SubmissionStepDialog({ step, row: initial, onClose }: { step: SubmissionStep; row: SubmissionRow; onClose: () => void }) {
  const { t } = useTranslation('ertms');
  const { agencyName } = useErtmsLabels();
  const message = useErtmsMessage();
  const utils = trpc.useUtils();
  const [row, setRow] = useState(initial);
  const today = todayLocalIso();
  const [date, setDate] = useState(today);
  const [note, setNote] = useState('');
  const [agencyReference, setAgencyReference] = useState(initial.agencyReference ?? '');
  const [decision, setDecision] = useState<Decision | ''>('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<ServerError | null>(null);
  const [reloading, setReloading] = useState(false);

  const mutation = trpc.ertms.step.useMutation({
    onSuccess: (result) => {
      toast({ title: t(`toasts.${result.status}`), description: row.submissionNumber });
      void utils.ertms.invalidate();
      onClose();
    },
    onError: (e) => {
      const err = serverError(e);
      const placed: FieldErrors = {};
      for (const key of ['date', 'note', 'agencyReference'] as const) {
        const m = err.fieldErrors[key]?.[0];
        if (m) placed[key] = message(m);
      }
      if (Object.keys(placed).length) {
        setFieldErrors(placed);
        return;
      }
      const shown = { ...err, message: message(err.message) ?? err.message };
      // Shown once, in the dialog, beside the step that was refused (not also as a toast).
      setError(shown);
    },
  });

  const reload = async () => {
    setReloading(true);
    try {
      await utils.ertms.invalidate();
      const latest = await utils.ertms.byId.fetch({ id: row.id });
      setRow(latest);
      setError(null);
    } finally {
      setReloading(false);
    }
  };

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    if (step === 'decide' && !decision) {
      setFieldErrors({ decision: t('dialogs.decide.chooseDecision') });
      return;
    }
    const to = step === 'submit' ? 'submitted' : step === 'acknowledge' ? 'pending' : (decision as Decision);
    const input: SubmissionStepInput = {
      id: row.id,
      version: row.version,
      to,
      // Today is left to the server's clock (the browser's day may already be tomorrow there).
      date: date && date !== today ? date : undefined,
      note: note.trim() || undefined,
      agencyReference: step === 'acknowledge' ? agencyReference.trim() || undefined : undefined,
    };
    const parsed = submissionStepInput.safeParse(input);
    if (!parsed.success) {
      const errors: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0];
        if ((key === 'date' || key === 'note' || key === 'agencyReference') && !errors[key]) errors[key] = message(issue.message);
      }
      setFieldErrors(errors);
      return;
    }
    setFieldErrors({});
    mutation.mutate(parsed.data);
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-xl" data-testid={`submission-${step}-dialog`}>
        <DialogHeader>
          <DialogTitle>{t(`dialogs.${step}.title`, { agency: agencyName(row.agency) })}</DialogTitle>
          <DialogDescription>
            <span className="font-mono">{row.submissionNumber}</span> · {row.title}
          </DialogDescription>
        </DialogHeader>
        <form noValidate className="grid gap-4" onSubmit={submit}>
          <p className="text-sm text-muted-foreground">{t(`dialogs.${step}.explain`)}</p>
          {step === 'decide' && <DecisionChoice value={decision} onChange={setDecision} error={fieldErrors.decision} />}
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="step-date" label={t(`dialogs.${step}.date`)} error={fieldErrors.date}>
              <Input type="date" value={date} min={row.submittedDate ?? undefined} max={today} onChange={(e) => setDate(e.target.value)} />
            </FormField>
            {step === 'acknowledge' && (
              <FormField id="step-agency-reference" label={t('fields.agencyReference')} hint={t('dialogs.acknowledge.referenceHint')} error={fieldErrors.agencyReference}>
                <Input value={agencyReference} maxLength={100} onChange={(e) => setAgencyReference(e.target.value)} />
              </FormField>
            )}
          </div>
          <FormField id="step-note" label={t('fields.note')} hint={t('dialogs.noteHint')} error={fieldErrors.note}>
            <Textarea rows={3} maxLength={5000} value={note} onChange={(e) => setNote(e.target.value)} />
          </FormField>
          <WriteErrorNotice error={error} reloading={reloading} onReload={() => void reload()} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              {t('dialogs.cancel')}
            </Button>
            <Button type="submit" disabled={mutation.isPending} variant={step === 'decide' && decision === 'rejected' ? 'destructive' : 'default'}>
              {mutation.isPending ? t('dialogs.sending') : t(`dialogs.${step}.confirm`)}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
