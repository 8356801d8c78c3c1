// Change a subject's status: only the next statuses PATIENT_TRANSITIONS allows are offered, with the
// effective date and a reason. The server decides again: a refused transition (PRECONDITION_FAILED)
// and a stale version (CONFLICT, with reload advice) are shown in the dialog.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ArrowRightLeft } from 'lucide-react';
import { PATIENT_TRANSITIONS, patientStatusInput } from '@ctp/contracts';
import { trpc } from '@/lib/trpc';
import { applyFieldErrors, serverError, type ServerError } from '@/lib/server-error';
import { Button } from '@/components/ui/button';
import { Input, NativeSelect } from '@/components/ui/input';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import { FormField } from '@/components/form-field';
import { todayLocalIso } from '@/lib/format';
import { ReasonField } from '@/features/sites/reason-field';
import { WriteErrorNotice } from '@/components/write-error-notice';
import type { PatientItem } from './patient-card';
import { FormActions } from '@/components/form-actions';

type FormInput = z.input<typeof patientStatusInput>;
type FormOutput = z.output<typeof patientStatusInput>;
const FIELDS = ['status', 'effectiveDate', 'reason'] as const;

export function PatientStatusDialog({ patient }: { patient: PatientItem }) {
  const { t } = useTranslation('patients');
  const tc = useTranslation('common').t;
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<ServerError | null>(null);
  const utils = trpc.useUtils();
  const next = PATIENT_TRANSITIONS[patient.status];
  const defaults = (): FormInput => ({
    id: patient.id,
    version: patient.version,
    status: next[0]!,
    effectiveDate: todayLocalIso(),
    reason: '',
  });
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(patientStatusInput),
    defaultValues: defaults(),
  });
  const errors = form.formState.errors;
  const change = trpc.patients.updateStatus.useMutation({
    onSuccess: async (row) => {
      toast({
        title: t('status.success'),
        description: t('status.successText', { code: row.patientId, status: tc(`status.${row.status}`) }),
      });
      setOpen(false);
      await Promise.all([
        utils.patients.invalidate(),
        utils.sites.invalidate(),
        utils.dashboard.invalidate(),
      ]);
    },
    onError: (e) => {
      const err = serverError(e);
      const rest = err.code === 'BAD_REQUEST' ? applyFieldErrors(err, form.setError, FIELDS) : err.message;
      setError(rest ? err : null);
    },
  });

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
        <Button variant="outline" size="sm" className="mt-auto w-full">
          <ArrowRightLeft /> {t('status.button')}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('status.title', { code: patient.patientId })}</DialogTitle>
          <DialogDescription>
            {t('status.description', { status: tc(`status.${patient.status}`) })}
          </DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={form.handleSubmit((values) => {
            setError(null);
            change.mutate(values);
          })}
        >
          <FormField id="status-new" label={t('status.newStatus')} error={errors.status?.message}>
            <NativeSelect {...form.register('status')}>
              {next.map((s) => (
                <option key={s} value={s}>
                  {tc(`status.${s}`)}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField id="status-date" label={t('status.effectiveDate')} error={errors.effectiveDate?.message}>
            <Input type="date" max={todayLocalIso()} {...form.register('effectiveDate')} />
          </FormField>
          <ReasonField
            id="status-reason"
            error={errors.reason?.message}
            registration={form.register('reason')}
            placeholder={t('status.reasonPlaceholder')}
          />
          <WriteErrorNotice
            error={error}
            onReload={async () => {
              await utils.patients.list.invalidate();
              setOpen(false);
            }}
          />
          <FormActions
            onCancel={() => setOpen(false)}
            pending={change.isPending}
            submitLabel={t('status.submit')}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
