// Add or edit a webhook endpoint (administrators). The secret is shown only while typed here: the
// server never sends it back.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Plus } from 'lucide-react';
import { createWebhookInput, editWebhookForm } from '@ctp/contracts';
import { trpc, type RouterOutputs } from '@/lib/trpc';
import { applyServerErrors, formWriteError } from '@/lib/server-error';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { FormActions } from '@/components/form-actions';
import { WriteErrorNotice } from '@/components/write-error-notice';
import { EndpointFields, generateSecret, type EndpointFormValues } from './endpoint-form';

export type Endpoint = RouterOutputs['webhooks']['list']['items'][number];

const FIELDS = ['name', 'url', 'secret', 'events', 'studyId'] as const;

export function EndpointDialog({ endpoint }: { endpoint?: Endpoint }) {
  const { t } = useTranslation('webhooks');
  const [open, setOpen] = useState(false);
  const utils = trpc.useUtils();
  const editing = !!endpoint;
  const defaults = (): EndpointFormValues =>
    endpoint
      ? { name: endpoint.name, url: endpoint.url, secret: '', events: [...endpoint.events], studyId: endpoint.studyId, active: endpoint.active }
      : { name: '', url: '', secret: generateSecret(), events: [], studyId: null };
  const form = useForm<EndpointFormValues>({
    // Editing: an empty secret keeps the current one.
    resolver: zodResolver((editing ? editWebhookForm : createWebhookInput) as typeof editWebhookForm) as never,
    defaultValues: defaults(),
  });
  const done = {
    onSuccess: async () => {
      await utils.webhooks.list.invalidate();
      setOpen(false);
    },
    onError: (err: Parameters<typeof applyServerErrors>[0]) => applyServerErrors(err, form.setError, [...FIELDS]),
  };
  const create = trpc.webhooks.create.useMutation(done);
  const update = trpc.webhooks.update.useMutation(done);
  const submit = (v: EndpointFormValues) => {
    const base = { name: v.name, url: v.url, events: v.events as never, studyId: v.studyId };
    if (endpoint) update.mutate({ ...base, id: endpoint.id, version: endpoint.version, active: !!v.active, secret: v.secret || undefined });
    else create.mutate({ ...base, secret: v.secret ?? '' });
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (o) form.reset(defaults());
      }}
    >
      <DialogTrigger asChild>
        {editing ? (
          <Button variant="outline" size="sm" aria-label={t('actions.editNamed', { name: endpoint.name })}>{t('actions.edit')}</Button>
        ) : (
          <Button><Plus /> {t('actions.add')}</Button>
        )}
      </DialogTrigger>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{editing ? t('dialog.editTitle') : t('dialog.addTitle')}</DialogTitle>
          <DialogDescription>{t('dialog.description')}</DialogDescription>
        </DialogHeader>
        <form noValidate className="grid gap-4" onSubmit={form.handleSubmit(submit)}>
          <EndpointFields form={form} editing={editing} />
          <WriteErrorNotice error={formWriteError(null, form.formState.errors.root?.server?.message)} />
          <FormActions onCancel={() => setOpen(false)} pending={create.isPending || update.isPending} submitLabel={editing ? t('actions.save') : t('actions.add')} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
