// Add element and Edit element: code (ETCD), name, start rule, end rule and planned duration (ISO 8601,
// e.g. P14D) and the reason for change. TE needs an end rule or a duration: the schema says so.
import type { ReactElement } from 'react';
import type { Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { elementInput, reason } from '@ctp/contracts';
import { trpc } from '@/lib/trpc';
import { Input } from '@/components/ui/input';
import { FormField } from '@/components/form-field';
import { FormActions } from '@/components/form-actions';
import { WriteErrorNotice } from '@/components/write-error-notice';
import { formWriteError } from '@/lib/server-error';
import { ReasonField, WriteDialog, type WriteFormProps } from '@/features/studies/write-dialog';
import { useTrialChildForm } from '@/features/ctms/use-trial-child-form';
import { useDesignInvalidate, type DesignElement } from './use-design';

const schema = elementInput
  .extend({ reason })
  .refine((v) => Boolean(v.endRule || v.plannedDuration), { message: 'Give an end rule or a planned duration', path: ['endRule'] });
type Values = { code: string; name: string; startRule: string; endRule: string; plannedDuration: string; reason: string };
type Output = z.output<typeof schema>;
const FIELDS = ['code', 'name', 'startRule', 'endRule', 'plannedDuration', 'reason'] as const;
const resolver = zodResolver(schema) as unknown as Resolver<Values, unknown, Output>;

export function ElementDialog({ studyId, element, trigger }: { studyId: number; element?: DesignElement; trigger: ReactElement }) {
  const { t } = useTranslation('design');
  return (
    <WriteDialog record={element} trigger={trigger} title={element ? t('element.editTitle', { code: element.code }) : t('element.addTitle')} description={t('element.help')}>
      {(record, props) => <ElementForm studyId={studyId} element={record} {...props} />}
    </WriteDialog>
  );
}

function ElementForm({ studyId, element, close, onReload, reloading }: { studyId: number; element?: DesignElement } & WriteFormProps) {
  const { t } = useTranslation('design');
  const invalidate = useDesignInvalidate();
  const { form, conflict, submit, pending } = useTrialChildForm({
    record: element,
    initialValues: (): Values => ({
      code: element?.code ?? '',
      name: element?.name ?? '',
      startRule: element?.startRule ?? '',
      endRule: element?.endRule ?? '',
      plannedDuration: element?.plannedDuration ?? '',
      reason: '',
    }),
    resolver,
    fields: FIELDS,
    savedMessage: t('element.saved'),
    close,
    useMutations: (handlers) => {
      const h = { ...handlers, onSuccess: () => void invalidate().then(handlers.onSuccess) };
      return { create: trpc.design.createElement.useMutation(h), update: trpc.design.updateElement.useMutation(h) };
    },
    createInput: (values) => ({ ...values, studyId }),
  });
  const errors = form.formState.errors;
  return (
    <form className="grid gap-4" noValidate onSubmit={submit}>
      <div className="grid gap-4 sm:grid-cols-[1fr_2fr]">
        <FormField id="element-code" label={t('element.code')} error={errors.code?.message} hint={t('element.codeHint')}>
          <Input autoComplete="off" className="font-mono uppercase" {...form.register('code', { setValueAs: (v: string) => v.toUpperCase() })} />
        </FormField>
        <FormField id="element-name" label={t('element.name')} error={errors.name?.message}>
          <Input autoComplete="off" {...form.register('name')} />
        </FormField>
      </div>
      <FormField id="element-start" label={t('element.startRule')} error={errors.startRule?.message}>
        <Input autoComplete="off" {...form.register('startRule')} />
      </FormField>
      <FormField id="element-end" label={t('element.endRule')} error={errors.endRule?.message}>
        <Input autoComplete="off" {...form.register('endRule')} />
      </FormField>
      <FormField id="element-duration" label={t('element.duration')} error={errors.plannedDuration?.message} hint={t('element.durationHint')}>
        <Input autoComplete="off" className="font-mono uppercase" {...form.register('plannedDuration', { setValueAs: (v: string) => v.toUpperCase() })} />
      </FormField>
      <ReasonField id="element-reason" error={errors.reason?.message} registration={form.register('reason')} />
      <WriteErrorNotice error={formWriteError(conflict, errors.root?.server?.message)} onReload={onReload} reloading={reloading} />
      <FormActions onCancel={close} pending={pending} />
    </form>
  );
}
