// Create Form: study, name, category, description and what to start from (a blank form or a CDASH
// library form), validated with the contracts' formCreateInput; the new form opens in the builder.
import { useMemo, useState, type ReactElement } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FORM_CATEGORIES, type FormCreateInput, type LibraryFormInfo } from '@ctp/contracts';
import { trpc, type RouterOutputs } from '@/lib/trpc';
import { applyServerErrors, formWriteError } from '@/lib/server-error';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Input, NativeSelect, Textarea } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { FormField } from '@/components/form-field';
import { FormActions } from '@/components/form-actions';
import { WriteErrorNotice } from '@/components/write-error-notice';
import { StudySelect } from './study-select';
import { StartFromChoice } from './start-from-choice';
import {
  CREATE_FORM_FIELDS,
  createFormResolver,
  emptyCreateForm,
  type CreateFormValues,
} from './create-form-values';

type CreatedForm = RouterOutputs['forms']['create'];

export function CreateFormDialog({
  trigger,
  studyId,
  onCreated,
}: {
  trigger: ReactElement;
  /** The study chosen at the start (the list's study filter), if any. */
  studyId?: number;
  onCreated: (form: CreatedForm) => void;
}) {
  const { t } = useTranslation('forms');
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{t('create.title')}</DialogTitle>
          <DialogDescription>{t('create.description')}</DialogDescription>
        </DialogHeader>
        {open && (
          <CreateFormForm
            studyId={studyId}
            onCancel={() => setOpen(false)}
            onCreated={(f) => {
              setOpen(false);
              onCreated(f);
            }}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function CreateFormForm({
  studyId,
  onCancel,
  onCreated,
}: {
  studyId?: number;
  onCancel: () => void;
  onCreated: (form: CreatedForm) => void;
}) {
  const { t } = useTranslation('forms');
  const utils = trpc.useUtils();
  const resolver = useMemo(
    () => createFormResolver({ chooseStudy: t('create.chooseStudyError'), chooseCategory: t('create.chooseCategoryError') }),
    [t],
  );
  const form = useForm<CreateFormValues, unknown, FormCreateInput>({
    resolver,
    defaultValues: emptyCreateForm(studyId),
  });
  const create = trpc.forms.create.useMutation({
    onSuccess: (created, input) => {
      void utils.forms.invalidate();
      toast({ title: t('create.created'), description: t('create.createdText', { name: input.name }) });
      onCreated(created);
    },
    onError: (error) => applyServerErrors(error, form.setError, CREATE_FORM_FIELDS),
  });
  const errors = form.formState.errors;
  const libraryDomain = form.watch('libraryDomain');

  // A library form fills the name and category the user has not given yet (or that an earlier library
  // choice filled in, so switching between library forms follows the choice).
  const [filled, setFilled] = useState<{ name: string; category: string } | null>(null);
  const chooseStart = (domain: string, library?: LibraryFormInfo) => {
    form.setValue('libraryDomain', domain);
    if (!library) return;
    const validate = { shouldValidate: form.formState.isSubmitted };
    const name = form.getValues('name').trim();
    const category = form.getValues('category');
    if (!name || name === filled?.name) form.setValue('name', library.name, validate);
    if (!category || category === filled?.category) form.setValue('category', library.category, validate);
    setFilled({ name: library.name, category: library.category });
  };

  return (
    <form className="grid gap-4" noValidate onSubmit={form.handleSubmit((input) => create.mutate(input))}>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="create-form-study" label={t('fields.study')} error={errors.studyId?.message}>
          <StudySelect {...form.register('studyId')} />
        </FormField>
        <FormField id="create-form-category" label={t('fields.category')} error={errors.category?.message}>
          <NativeSelect {...form.register('category')}>
            <option value="">{t('create.chooseCategory')}</option>
            {FORM_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {t(`categories.${c}`)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField
          id="create-form-name"
          label={t('fields.name')}
          error={errors.name?.message}
          className="sm:col-span-2"
        >
          <Input autoComplete="off" {...form.register('name')} />
        </FormField>
        <FormField
          id="create-form-description"
          label={t('fields.description')}
          error={errors.description?.message}
          className="sm:col-span-2"
        >
          <Textarea rows={2} {...form.register('description')} />
        </FormField>
      </div>
      <StartFromChoice value={libraryDomain} onChange={chooseStart} />
      {errors.libraryDomain?.message && (
        <p role="alert" className="text-xs text-destructive">
          {errors.libraryDomain.message}
        </p>
      )}
      <WriteErrorNotice error={formWriteError(null, errors.root?.server?.message)} />
      <FormActions onCancel={onCancel} pending={create.isPending} submitLabel={t('create.submit')} />
    </form>
  );
}
