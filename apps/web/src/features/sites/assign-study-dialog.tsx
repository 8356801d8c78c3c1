// Assign to Study: the site takes part in a study with its own enrollment target; it starts pending.
// The choice lists the user's studies (studies.list, up to 100) the site is not yet assigned to.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Link2 } from 'lucide-react';
import { assignSiteInput } from '@ctp/contracts';
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
import { ReasonField } from './reason-field';
import { WriteErrorNotice } from '@/components/write-error-notice';
import { FormActions } from '@/components/form-actions';

type FormInput = z.input<typeof assignSiteInput>;
type FormOutput = z.output<typeof assignSiteInput>;
const FIELDS = ['studyId', 'enrollmentTarget', 'reason'] as const;

export function AssignStudyDialog({
  siteId,
  siteNumber,
  assigned,
  className,
}: {
  siteId: number;
  siteNumber: string;
  assigned: number[];
  className?: string;
}) {
  const { t } = useTranslation('sites');
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<ServerError | null>(null);
  const utils = trpc.useUtils();
  const studies = trpc.studies.list.useQuery({ limit: 100 }, { enabled: open });
  const choices = studies.data?.items.filter((s) => !assigned.includes(s.id)) ?? [];
  const defaults: FormInput = { siteId, studyId: '', enrollmentTarget: '', reason: '' };
  const form = useForm<FormInput, unknown, FormOutput>({
    // An unchosen study reads as 0: say what to do rather than zod's 'too small'.
    resolver: zodResolver(assignSiteInput, {
      error: (iss) => (iss.path?.[0] === 'studyId' ? t('assign.chooseStudyError') : undefined),
    }),
    defaultValues: defaults,
  });
  const errors = form.formState.errors;
  const assign = trpc.sites.assignToStudy.useMutation({
    onSuccess: async (_row, input) => {
      const code = studies.data?.items.find((s) => s.id === input.studyId)?.studyId ?? '';
      toast({
        title: t('assign.success'),
        description: t('assign.successText', { site: siteNumber, study: code }),
      });
      setOpen(false);
      await Promise.all([utils.sites.invalidate(), utils.studies.invalidate()]);
    },
    onError: (e) => {
      const err = serverError(e);
      if (err.code === 'CONFLICT') {
        form.setError('studyId', { type: 'server', message: err.message });
        setError(null);
      } else if (err.code === 'BAD_REQUEST') {
        const rest = applyFieldErrors(err, form.setError, FIELDS);
        setError(rest ? err : null);
      } else setError(err);
    },
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        setError(null);
        if (o) form.reset(defaults);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" className={className}>
          <Link2 /> {t('assign.button')}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('assign.title')}</DialogTitle>
          <DialogDescription>{t('assign.description', { site: siteNumber })}</DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={form.handleSubmit((values) => {
            setError(null);
            assign.mutate(values);
          })}
        >
          <FormField id="assign-study" label={t('assign.study')} error={errors.studyId?.message}>
            <NativeSelect disabled={studies.isPending} {...form.register('studyId')}>
              <option value="">
                {studies.isPending ? t('assign.loadingStudies') : t('assign.chooseStudy')}
              </option>
              {choices.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.studyId} — {s.title}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField id="assign-target" label={t('assign.target')} error={errors.enrollmentTarget?.message}>
            <Input
              type="number"
              min={1}
              step={1}
              inputMode="numeric"
              {...form.register('enrollmentTarget')}
            />
          </FormField>
          <ReasonField
            id="assign-reason"
            error={errors.reason?.message}
            registration={form.register('reason')}
            placeholder={t('assign.reasonPlaceholder')}
          />
          <WriteErrorNotice error={error} />
          <FormActions
            onCancel={() => setOpen(false)}
            pending={assign.isPending}
            submitLabel={t('assign.submit')}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
