// Add Milestone and Edit milestone: name, date, status, description and a required reason for change.
// An edit sends the version it was filled from and only the fields that changed.
import type { ReactElement } from 'react';
import type { Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { MILESTONE_STATUSES, milestoneInput, reason } from '@ctp/contracts';
import { trpc } from '@/lib/trpc';
import { Input, NativeSelect, Textarea } from '@/components/ui/input';
import { FormField } from '@/components/form-field';
import { ReasonField, WriteDialog, type WriteFormProps } from '@/features/studies/write-dialog';
import { WriteErrorNotice } from '@/components/write-error-notice';
import { formWriteError } from '@/lib/server-error';
import { useTrialChildForm } from './use-trial-child-form';
import type { TrialDetail } from './trial-header';
import { FormActions } from '@/components/form-actions';

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
  const { form, conflict, submit, pending } = useTrialChildForm({
    record: milestone,
    initialValues: (): Values => ({
      name: milestone?.name ?? '',
      date: milestone?.date ?? '',
      status: milestone?.status ?? 'pending',
      description: milestone?.description ?? '',
      reason: '',
    }),
    resolver,
    fields: FIELDS,
    savedMessage: t('milestones.saved'),
    close,
    useMutations: (handlers) => ({
      create: trpc.trials.createMilestone.useMutation(handlers),
      update: trpc.trials.updateMilestone.useMutation(handlers),
    }),
    createInput: (values) => ({ ...values, studyId }),
  });
  const errors = form.formState.errors;
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
      <WriteErrorNotice
        error={formWriteError(conflict, errors.root?.server?.message)}
        onReload={onReload}
        reloading={reloading}
      />
      <FormActions onCancel={close} pending={pending} />
    </form>
  );
}
