// Create-or-edit for a trial's child records (milestones, budget lines). The form starts from the
// record it was opened with, whose version an edit names; an edit sends only the changed fields with
// the reason; a stale version shows the conflict notice with the input kept; other refusals land on
// their fields or above the buttons. On success the trial and its Recent Activity are read again.
import { useState } from 'react';
import { useForm, type Path, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { trpc } from '@/lib/trpc';
import { toast } from '@/components/ui/use-toast';
import { applyServerErrors, isConflict, serverError, type ServerError } from '@/lib/server-error';
import { changedKeys } from '@/features/studies/study-form';

interface Mutation<I> {
  mutate(input: I): void;
  isPending: boolean;
}
type Handlers = { onSuccess: () => void; onError: (error: unknown) => void };
type Versioned = { id: number; version: number };

export function useTrialChildForm<
  V extends Record<string, string> & { reason: string },
  O extends { reason: string },
  C,
>({
  record,
  initialValues,
  resolver,
  fields,
  savedMessage,
  close,
  useMutations,
  createInput,
}: {
  record: Versioned | undefined;
  initialValues: () => V;
  resolver: Resolver<V, unknown, O>;
  fields: readonly string[];
  savedMessage: string;
  close: () => void;
  /** The create and update mutations, built with these handlers (called on every render, like any hook). */
  useMutations: (handlers: Handlers) => {
    create: Mutation<C>;
    update: Mutation<Versioned & { reason: string; changes: Partial<O> }>;
  };
  createInput: (values: O) => C;
}) {
  const { t } = useTranslation('studies');
  const utils = trpc.useUtils();
  // The record (and version) this form was filled from.
  const [baseline] = useState(() => record);
  const [defaults] = useState(initialValues);
  const form = useForm<V, unknown, O>({ resolver, defaultValues: defaults as never });
  const [conflict, setConflict] = useState<ServerError | null>(null);
  const { create, update } = useMutations({
    onSuccess: () => {
      void utils.trials.invalidate();
      void utils.studies.recentActivity.invalidate();
      toast({ title: savedMessage });
      close();
    },
    onError: (error) =>
      isConflict(error) ? setConflict(serverError(error)) : applyServerErrors(error, form.setError, fields),
  });
  const submit = form.handleSubmit((values) => {
    setConflict(null);
    if (!baseline) return create.mutate(createInput(values));
    const keys = changedKeys(form.getValues() as V, defaults);
    if (!keys.length) return form.setError('root.server' as Path<V>, { message: t('form.noChanges') });
    const changes = Object.fromEntries(keys.map((k) => [k, values[k as keyof O]])) as Partial<O>;
    update.mutate({ id: baseline.id, version: baseline.version, reason: values.reason, changes });
  });
  return { form, conflict, submit, pending: create.isPending || update.isPending };
}
