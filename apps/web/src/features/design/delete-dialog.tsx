// Delete an arm or an element, with the reason for change. The server refuses an arm with subjects and
// an element an arm uses (PRECONDITION_FAILED, with what to do first): the notice shows its message.
import { useState, type ReactElement } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { reason } from '@ctp/contracts';
import { trpc } from '@/lib/trpc';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import { FormActions } from '@/components/form-actions';
import { WriteErrorNotice } from '@/components/write-error-notice';
import { serverError, type ServerError } from '@/lib/server-error';
import { ReasonField } from '@/features/sites/reason-field';
import { useDesignInvalidate } from './use-design';

const schema = z.object({ reason });

export function DeleteDesignDialog({
  kind,
  record,
  trigger,
}: {
  kind: 'arm' | 'element';
  record: { id: number; version: number; code: string };
  trigger: ReactElement;
}) {
  const { t } = useTranslation('design');
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<ServerError | null>(null);
  const invalidate = useDesignInvalidate();
  const form = useForm<{ reason: string }>({ resolver: zodResolver(schema), defaultValues: { reason: '' } });
  const handlers = {
    onSuccess: async () => {
      await invalidate();
      toast({ title: t(`${kind}.deleted`, { code: record.code }) });
      setOpen(false);
    },
    onError: (e: unknown) => setError(serverError(e)),
  };
  const deleteArm = trpc.design.deleteArm.useMutation(handlers);
  const deleteElement = trpc.design.deleteElement.useMutation(handlers);
  const mutation = kind === 'arm' ? deleteArm : deleteElement;
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        setError(null);
        if (o) form.reset({ reason: '' });
      }}
    >
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t(`${kind}.deleteTitle`, { code: record.code })}</DialogTitle>
          <DialogDescription>{t(`${kind}.deleteText`)}</DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={form.handleSubmit((v) => {
            setError(null);
            mutation.mutate({ id: record.id, version: record.version, reason: v.reason });
          })}
        >
          <ReasonField id={`delete-${kind}-reason`} error={form.formState.errors.reason?.message} registration={form.register('reason')} />
          <WriteErrorNotice error={error} onReload={() => void invalidate().then(() => setOpen(false))} />
          <FormActions onCancel={() => setOpen(false)} pending={mutation.isPending} submitLabel={t('actions.delete')} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
