// Add arm and Edit arm: code (ARMCD), name, order, description and the reason for change. An edit sends
// the version it was filled from and only the fields that changed (useTrialChildForm).
import type { ReactElement } from 'react';
import type { Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { armInput, reason } from '@ctp/contracts';
import { trpc } from '@/lib/trpc';
import { Input, Textarea } from '@/components/ui/input';
import { FormField } from '@/components/form-field';
import { FormActions } from '@/components/form-actions';
import { WriteErrorNotice } from '@/components/write-error-notice';
import { formWriteError } from '@/lib/server-error';
import { ReasonField, WriteDialog, type WriteFormProps } from '@/features/studies/write-dialog';
import { useTrialChildForm } from '@/features/ctms/use-trial-child-form';
import { useDesignInvalidate, type DesignArm } from './use-design';

const schema = armInput.extend({ reason });
type Values = { code: string; name: string; order: string; description: string; reason: string };
type Output = z.output<typeof schema>;
const FIELDS = ['code', 'name', 'order', 'description', 'reason'] as const;
const resolver = zodResolver(schema) as unknown as Resolver<Values, unknown, Output>;

export function ArmDialog({ studyId, arm, nextOrder, trigger }: { studyId: number; arm?: DesignArm; nextOrder: number; trigger: ReactElement }) {
  const { t } = useTranslation('design');
  return (
    <WriteDialog record={arm} trigger={trigger} title={arm ? t('arm.editTitle', { code: arm.code }) : t('arm.addTitle')} description={t('arm.help')}>
      {(record, props) => <ArmForm studyId={studyId} arm={record} nextOrder={nextOrder} {...props} />}
    </WriteDialog>
  );
}

function ArmForm({ studyId, arm, nextOrder, close, onReload, reloading }: { studyId: number; arm?: DesignArm; nextOrder: number } & WriteFormProps) {
  const { t } = useTranslation('design');
  const invalidate = useDesignInvalidate();
  const { form, conflict, submit, pending } = useTrialChildForm({
    record: arm,
    initialValues: (): Values => ({
      code: arm?.code ?? '',
      name: arm?.name ?? '',
      order: String(arm?.order ?? nextOrder),
      description: arm?.description ?? '',
      reason: '',
    }),
    resolver,
    fields: FIELDS,
    savedMessage: t('arm.saved'),
    close,
    useMutations: (handlers) => {
      const h = { ...handlers, onSuccess: () => void invalidate().then(handlers.onSuccess) };
      return { create: trpc.design.createArm.useMutation(h), update: trpc.design.updateArm.useMutation(h) };
    },
    createInput: (values) => ({ ...values, studyId }),
  });
  const errors = form.formState.errors;
  return (
    <form className="grid gap-4" noValidate onSubmit={submit}>
      <div className="grid gap-4 sm:grid-cols-[1fr_2fr_6rem]">
        <FormField id="arm-code" label={t('arm.code')} error={errors.code?.message} hint={t('arm.codeHint')}>
          <Input autoComplete="off" className="font-mono uppercase" {...form.register('code', { setValueAs: (v: string) => v.toUpperCase() })} />
        </FormField>
        <FormField id="arm-name" label={t('arm.name')} error={errors.name?.message}>
          <Input autoComplete="off" {...form.register('name')} />
        </FormField>
        <FormField id="arm-order" label={t('arm.order')} error={errors.order?.message}>
          <Input type="number" min={1} max={999} {...form.register('order')} />
        </FormField>
      </div>
      <FormField id="arm-description" label={t('arm.description')} error={errors.description?.message}>
        <Textarea rows={2} {...form.register('description')} />
      </FormField>
      <ReasonField id="arm-reason" error={errors.reason?.message} registration={form.register('reason')} />
      <WriteErrorNotice error={formWriteError(conflict, errors.root?.server?.message)} onReload={onReload} reloading={reloading} />
      <FormActions onCancel={close} pending={pending} />
    </form>
  );
}
