// Add and edit a budget line: category, description, planned and actual amounts, and a required reason
// for change. An edit sends the version it was filled from and only the fields that changed.
import type { ReactElement } from 'react';
import type { Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { BUDGET_CATEGORIES, budgetLineInput, reason } from '@ctp/contracts';
import { trpc } from '@/lib/trpc';
import { Input, NativeSelect } from '@/components/ui/input';
import { FormField } from '@/components/form-field';
import { ReasonField, WriteDialog, type WriteFormProps } from '@/features/studies/write-dialog';
import { WriteErrorNotice } from '@/components/write-error-notice';
import { formWriteError } from '@/lib/server-error';
import { useTrialChildForm } from './use-trial-child-form';
import type { TrialDetail } from './trial-header';
import { FormActions } from '@/components/form-actions';

export type BudgetLine = TrialDetail['budgetLines'][number];
const schema = budgetLineInput.extend({ reason });
type Values = {
  category: string;
  description: string;
  plannedAmount: string;
  actualAmount: string;
  reason: string;
};
type Output = z.output<typeof schema>;
const FIELDS = ['category', 'description', 'plannedAmount', 'actualAmount', 'reason'] as const;
const zod = zodResolver(schema);
/** The contracts' budgetLineInput plus the reason; an empty description is none. */
const resolver: Resolver<Values, unknown, Output> = (values, context, options) =>
  zod(
    { ...values, description: values.description.trim() || null } as never,
    context,
    options as never,
  ) as never;

export function BudgetLineDialog({
  studyId,
  line,
  trigger,
  reload,
}: {
  studyId: number;
  line?: BudgetLine;
  trigger: ReactElement;
  reload: () => Promise<BudgetLine | undefined>;
}) {
  const { t } = useTranslation('ctms');
  return (
    <WriteDialog
      record={line}
      trigger={trigger}
      reload={reload}
      title={line ? t('budget.editTitle') : t('budget.addTitle')}
    >
      {(record, props) => <BudgetLineForm studyId={studyId} line={record} {...props} />}
    </WriteDialog>
  );
}

function BudgetLineForm({
  studyId,
  line,
  close,
  onReload,
  reloading,
}: { studyId: number; line?: BudgetLine } & WriteFormProps) {
  const { t } = useTranslation('ctms');
  const { form, conflict, submit, pending } = useTrialChildForm({
    record: line,
    initialValues: (): Values => ({
      category: line?.category ?? BUDGET_CATEGORIES[0],
      description: line?.description ?? '',
      plannedAmount: line ? String(line.plannedAmount) : '',
      actualAmount: line ? String(line.actualAmount) : '0',
      reason: '',
    }),
    resolver,
    fields: FIELDS,
    savedMessage: t('budget.saved'),
    close,
    useMutations: (handlers) => ({
      create: trpc.trials.createBudgetLine.useMutation(handlers),
      update: trpc.trials.updateBudgetLine.useMutation(handlers),
    }),
    createInput: (values) => ({ ...values, studyId }),
  });
  const errors = form.formState.errors;
  return (
    <form className="grid gap-4" noValidate onSubmit={submit}>
      <FormField id="budget-category" label={t('budget.category')} error={errors.category?.message}>
        <NativeSelect {...form.register('category')}>
          {BUDGET_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {t(`budgetCategories.${c}`, { defaultValue: c })}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField id="budget-description" label={t('budget.description')} error={errors.description?.message}>
        <Input {...form.register('description')} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="budget-planned" label={t('budget.planned')} error={errors.plannedAmount?.message}>
          <Input type="number" min={0} step="any" inputMode="decimal" {...form.register('plannedAmount')} />
        </FormField>
        <FormField id="budget-actual" label={t('budget.actual')} error={errors.actualAmount?.message}>
          <Input type="number" min={0} step="any" inputMode="decimal" {...form.register('actualAmount')} />
        </FormField>
      </div>
      <ReasonField id="budget-reason" error={errors.reason?.message} registration={form.register('reason')} />
      <WriteErrorNotice
        error={formWriteError(conflict, errors.root?.server?.message)}
        onReload={onReload}
        reloading={reloading}
      />
      <FormActions onCancel={close} pending={pending} />
    </form>
  );
}
