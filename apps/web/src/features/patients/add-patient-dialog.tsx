// Add Patient: a pseudonymous subject enters screening in a study at a site active for it; the server
// generates the subject code. Sites offered: those of the chosen study whose status is active.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { UserPlus } from 'lucide-react';
import { SEXES, patientEnrollInput } from '@ctp/contracts';
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
import { StudySiteFields } from './study-site-fields';
import { FormActions } from '@/components/form-actions';

// The browser's own today is the limit here (the server checks against its date too, and its refusal
// lands on the same field): a future screening date is caught before anything is sent.
const schema = patientEnrollInput.extend({
  screeningDate: patientEnrollInput.shape.screeningDate.refine(
    (date) => date <= todayLocalIso(),
    'The screening date cannot be in the future',
  ),
});
type FormInput = z.input<typeof schema>;
type FormOutput = z.output<typeof schema>;
const REQUIRED: Record<string, string> = {
  studyId: 'enroll.chooseStudy',
  siteId: 'enroll.chooseSite',
  sex: 'enroll.chooseSex',
  yearOfBirth: 'enroll.yearRequired',
};
const FIELDS = ['studyId', 'siteId', 'screeningDate', 'yearOfBirth', 'sex', 'ethnicity', 'reason'] as const;

/** `label` names the trigger (the inclusions list's 'New subject'); `studyId` preselects a study. */
export function AddPatientDialog({ label, studyId }: { label?: string; studyId?: number } = {}) {
  const { t } = useTranslation('patients');
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<ServerError | null>(null);
  const utils = trpc.useUtils();
  const defaults = (): FormInput => ({
    studyId: studyId ? String(studyId) : '',
    siteId: '',
    screeningDate: todayLocalIso(),
    yearOfBirth: '',
    sex: '' as FormInput['sex'],
    ethnicity: '',
    reason: t('enroll.defaultReason'),
  });
  const form = useForm<FormInput, unknown, FormOutput>({
    // Unchosen or empty fields: say what to do rather than zod's generic 'too small' or 'invalid'.
    resolver: zodResolver(schema, {
      error: (iss) => REQUIRED[String(iss.path?.[0])] && t(REQUIRED[String(iss.path?.[0])]!),
    }),
    defaultValues: defaults(),
  });
  const errors = form.formState.errors;
  const enroll = trpc.patients.enroll.useMutation({
    onSuccess: async (row) => {
      toast({ title: t('enroll.success'), description: t('enroll.successText', { code: row.patientId }) });
      setOpen(false);
      await Promise.all([
        utils.patients.invalidate(),
        utils.sites.invalidate(),
        utils.dashboard.invalidate(),
      ]);
    },
    onError: (e) => {
      const err = serverError(e);
      // A site not active for the study (PRECONDITION_FAILED) or not the user's own (FORBIDDEN) is about the site.
      if (err.code === 'PRECONDITION_FAILED' || err.code === 'FORBIDDEN') {
        form.setError('siteId', { type: 'server', message: err.message });
        setError(null);
      } else {
        const rest = err.code === 'BAD_REQUEST' ? applyFieldErrors(err, form.setError, FIELDS) : err.message;
        setError(rest ? err : null);
      }
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
        <Button>
          <UserPlus /> {label ?? t('enroll.button')}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>{t('enroll.title')}</DialogTitle>
          <DialogDescription>{t('enroll.description')}</DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="grid gap-4 sm:grid-cols-2"
          onSubmit={form.handleSubmit((values) => {
            setError(null);
            enroll.mutate({ ...values, ethnicity: values.ethnicity || null });
          })}
        >
          <StudySiteFields form={form} open={open} />
          <FormField id="enroll-date" label={t('enroll.screeningDate')} error={errors.screeningDate?.message}>
            <Input type="date" max={todayLocalIso()} {...form.register('screeningDate')} />
          </FormField>
          <FormField id="enroll-yob" label={t('enroll.yearOfBirth')} error={errors.yearOfBirth?.message}>
            <Input
              type="number"
              inputMode="numeric"
              min={1900}
              max={new Date().getFullYear()}
              placeholder="1970"
              {...form.register('yearOfBirth', { setValueAs: (v) => (v === '' ? undefined : v) })}
            />
          </FormField>
          <FormField id="enroll-sex" label={t('enroll.sex')} error={errors.sex?.message}>
            <NativeSelect {...form.register('sex')}>
              <option value="">{t('enroll.chooseSex')}</option>
              {SEXES.map((s) => (
                <option key={s} value={s}>
                  {t(`sex.${s}`)}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField id="enroll-ethnicity" label={t('enroll.ethnicity')} error={errors.ethnicity?.message}>
            <Input placeholder={t('enroll.ethnicityPlaceholder')} {...form.register('ethnicity')} />
          </FormField>
          <div className="sm:col-span-2">
            <ReasonField
              id="enroll-reason"
              error={errors.reason?.message}
              registration={form.register('reason')}
            />
          </div>
          <div className="sm:col-span-2">
            <WriteErrorNotice error={error} />
          </div>
          <FormActions
            onCancel={() => setOpen(false)}
            pending={enroll.isPending}
            submitLabel={t('enroll.submit')}
            className="sm:col-span-2"
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
