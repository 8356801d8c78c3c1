// Add and edit a budget line: category, description, planned and actual amounts, and a required reason
// for change. An edit sends the version it was filled from and only the fields that changed.
import { useState, type ReactElement } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { BUDGET_CATEGORIES, budgetLineInput, reason } from '@ctp/contracts';
import { trpc } from '@/lib/trpc';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { Input, NativeSelect } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { FormField } from '@/components/form-field';
import { ReasonField, WriteDialog, type WriteFormProps } from '@/features/studies/write-dialog';
import { ConflictNotice, FormError } from '@/features/studies/conflict-notice';
import { applyServerErrors, isConflict } from '@/lib/server-error';
import { changedKeys } from '@/features/studies/study-form';
import type { TrialDetail } from './trial-header';

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
  const { t: tc } = useTranslation('common');
  const utils = trpc.useUtils();
  // The record (and version) this form was filled from.
  const [baseline] = useState(() => line);
  const [defaults] = useState<Values>(() => ({
    category: baseline?.category ?? BUDGET_CATEGORIES[0],
    description: baseline?.description ?? '',
    plannedAmount: baseline ? String(baseline.plannedAmount) : '',
    actualAmount: baseline ? String(baseline.actualAmount) : '0',
    reason: '',
  }));
  const form = useForm<Values, unknown, Output>({ resolver, defaultValues: defaults });
  const [conflict, setConflict] = useState(false);
  const handlers = {
    onSuccess: () => {
      void utils.trials.invalidate();
      void utils.studies.recentActivity.invalidate();
      toast({ title: t('budget.saved') });
      close();
    },
    onError: (error: unknown) =>
      isConflict(error) ? setConflict(true) : applyServerErrors(error, form.setError, FIELDS),
  };
  const create = trpc.trials.createBudgetLine.useMutation(handlers);
  const update = trpc.trials.updateBudgetLine.useMutation(handlers);
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
