// Add Milestone and Edit milestone: name, date, status, description and a required reason for change.
// An edit sends the version it was filled from and only the fields that changed.
import { useState, type ReactElement } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { MILESTONE_STATUSES, milestoneInput, reason } from '@ctp/contracts';
import { trpc } from '@/lib/trpc';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { Input, NativeSelect, Textarea } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { FormField } from '@/components/form-field';
import { ReasonField, WriteDialog, type WriteFormProps } from '@/features/studies/write-dialog';
import { ConflictNotice, FormError } from '@/features/studies/conflict-notice';
import { applyServerErrors, isConflict } from '@/lib/server-error';
import { changedKeys } from '@/features/studies/study-form';
import type { TrialDetail } from './trial-header';

export type Milestone = TrialDetail['milestones'][number];
const schema = milestoneInput.extend({ reason });
type Values = { name: string; date: string; status: string; description: string; reason: string };
type Output = z.output<typeof schema>;
const FIELDS = ['name', 'date', 'status', 'description', 'reason'] as const;
const zod = zodResolver(schema);
/** The contracts' milestoneInput plus the reason; an empty description is none. */
const resolver: Resolver<Values, unknown, Output> = (values, context, options) =>
  zod(
    { ...values, description: values.description.trim() || null } as never,
    context,
    options as never,
  ) as never;

export function MilestoneDialog({
  studyId,
  milestone,
  trigger,
  reload,
}: {
  studyId: number;
  milestone?: Milestone;
  trigger: ReactElement;
  reload: () => Promise<Milestone | undefined>;
}) {
  const { t } = useTranslation('ctms');
  return (
    <WriteDialog
      record={milestone}
      trigger={trigger}
      reload={reload}
      title={milestone ? t('milestones.editTitle', { name: milestone.name }) : t('milestones.addTitle')}
    >
      {(record, props) => <MilestoneForm studyId={studyId} milestone={record} {...props} />}
    </WriteDialog>
  );
}

function MilestoneForm({
  studyId,
  milestone,
  close,
  onReload,
  reloading,
}: { studyId: number; milestone?: Milestone } & WriteFormProps) {
  const { t } = useTranslation('ctms');
  const { t: tc } = useTranslation('common');
  const utils = trpc.useUtils();
  // The record (and version) this form was filled from.
  const [baseline] = useState(() => milestone);
  const [defaults] = useState<Values>(() => ({
    name: baseline?.name ?? '',
    date: baseline?.date ?? '',
    status: baseline?.status ?? 'pending',
    description: baseline?.description ?? '',
    reason: '',
  }));
  const form = useForm<Values, unknown, Output>({ resolver, defaultValues: defaults });
  const [conflict, setConflict] = useState(false);
  const handlers = {
    onSuccess: () => {
      void utils.trials.invalidate();
      void utils.studies.recentActivity.invalidate();
      toast({ title: t('milestones.saved') });
      close();
    },
    onError: (error: unknown) =>
      isConflict(error) ? setConflict(true) : applyServerErrors(error, form.setError, FIELDS),
  };
  const create = trpc.trials.createMilestone.useMutation(handlers);
  const update = trpc.trials.updateMilestone.useMutation(handlers);
  const errors = form.formState.errors;
  const submit = form.handleSubmit((v) => {
    setConflict(false);
    if (!baseline) return create.mutate({ ...v, studyId });
    const changes = Object.fromEntries(changedKeys(form.getValues(), defaults).map((f) => [f, v[f]]));
    if (!Object.keys(changes).length)
      return form.setError('root.server', { message: t('studies:form.noChanges') });
    update.mutate({ id: baseline.id, version: baseline.version, reason: v.reason, changes });
  });
  const pending = create.isPending || update.isPending;
  return (
    <form className="grid gap-4" noValidate onSubmit={submit}>
      <FormField id="milestone-name" label={t('milestones.name')} error={errors.name?.message}>
        <Input {...form.register('name')} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="milestone-date" label={t('milestones.date')} error={errors.date?.message}>
          <Input type="date" {...form.register('date')} />
        </FormField>
        <FormField id="milestone-status" label={t('milestones.status')} error={errors.status?.message}>
          <NativeSelect {...form.register('status')}>
            {MILESTONE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {tc(`status.${s}`, { defaultValue: s })}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>
      <FormField
        id="milestone-description"
        label={t('milestones.description')}
        error={errors.description?.message}
      >
        <Textarea rows={3} {...form.register('description')} />
      </FormField>
      <ReasonField
        id="milestone-reason"
        error={errors.reason?.message}
        registration={form.register('reason')}
      />
      {conflict && <ConflictNotice onReload={onReload} reloading={reloading} />}
      <FormError message={errors.root?.server?.message} />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={close}>
          {tc('actions.cancel')}
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? tc('actions.saving') : tc('actions.save')}
        </Button>
      </DialogFooter>
    </form>
  );
}
