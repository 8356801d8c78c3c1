// Assign arm: the subject's planned (randomised) and actual arm among its study's arms, with a reason.
// A subject not yet enrolled cannot be given one (the button says why); the server refuses it too, and an
// arm of another study, and a stale version (CONFLICT, with reload).
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Split } from 'lucide-react';
import { subjectArmInput } from '@ctp/contracts';
import { trpc, type RouterOutputs } from '@/lib/trpc';
import { applyFieldErrors, serverError, type ServerError } from '@/lib/server-error';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/input';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import { FormField } from '@/components/form-field';
import { FormActions } from '@/components/form-actions';
import { WriteErrorNotice } from '@/components/write-error-notice';
import { ReasonField } from '@/features/sites/reason-field';

type Subject = RouterOutputs['design']['subjectArm'];
type FormValues = { plannedArmId: string; actualArmId: string; reason: string };
const FIELDS = ['plannedArmId', 'actualArmId', 'reason'] as const;

export function AssignArmDialog({ subject }: { subject: Subject }) {
  const { t } = useTranslation('design');
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<ServerError | null>(null);
  const utils = trpc.useUtils();
  const defaults = (): FormValues => ({
    plannedArmId: subject.plannedArm ? String(subject.plannedArm.id) : '',
    actualArmId: subject.actualArm ? String(subject.actualArm.id) : '',
    reason: '',
  });
  const form = useForm<FormValues>({ defaultValues: defaults() });
  const errors = form.formState.errors;
  const assign = trpc.design.assignArm.useMutation({
    onSuccess: async (row) => {
      toast({ title: t('subject.saved', { code: row.patientId }) });
      setOpen(false);
      await Promise.all([utils.design.invalidate(), utils.patients.list.invalidate()]);
    },
    onError: (e) => {
      const err = serverError(e);
      const rest = err.code === 'BAD_REQUEST' ? applyFieldErrors(err, form.setError, FIELDS) : err.message;
      setError(rest ? err : null);
    },
  });
  const why = !subject.enrollmentDate ? t('subject.notEnrolled') : subject.arms.length === 0 ? t('subject.noArms') : null;
  const onSubmit = form.handleSubmit((values) => {
    setError(null);
    const input = {
      patientId: subject.id,
      version: subject.version,
      reason: values.reason,
      plannedArmId: values.plannedArmId ? Number(values.plannedArmId) : null,
      actualArmId: values.actualArmId ? Number(values.actualArmId) : null,
    };
    const parsed = subjectArmInput.safeParse(input);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? '');
        if ((FIELDS as readonly string[]).includes(field)) form.setError(field as keyof FormValues, { type: 'validate', message: issue.message });
      }
      return;
    }
    assign.mutate(parsed.data);
  });
  if (why) {
    return (
      <>
        <Button variant="outline" size="sm" className="mt-1 w-full" disabled title={why}>
          <Split /> {t('subject.assign')}
        </Button>
        <p className="text-muted-foreground">{why}</p>
      </>
    );
  }
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        setError(null);
        if (o) form.reset(defaults());
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" className="mt-1 w-full">
          <Split /> {t('subject.assign')}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('subject.title', { code: subject.patientId })}</DialogTitle>
          <DialogDescription>{t('subject.help')}</DialogDescription>
        </DialogHeader>
        <form noValidate className="grid gap-4" onSubmit={onSubmit}>
          {(['plannedArmId', 'actualArmId'] as const).map((field) => (
            <FormField key={field} id={`assign-${field}`} label={t(field === 'plannedArmId' ? 'subject.planned' : 'subject.actual')} error={errors[field]?.message}>
              <NativeSelect {...form.register(field)}>
                <option value="">{t('subject.none')}</option>
                {subject.arms.map((a) => (
                  <option key={a.id} value={a.id}>
                    {a.name} ({a.code})
                  </option>
                ))}
              </NativeSelect>
            </FormField>
          ))}
          <ReasonField id="assign-reason" error={errors.reason?.message} registration={form.register('reason')} />
          <WriteErrorNotice
            error={error}
            onReload={async () => {
              await utils.design.subjectArm.invalidate({ patientId: subject.id });
              setOpen(false);
            }}
          />
          <FormActions onCancel={() => setOpen(false)} pending={assign.isPending} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
