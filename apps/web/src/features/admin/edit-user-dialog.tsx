// Edit a user's name and role, with the reason and the version read (a stale one is a conflict).
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Pencil } from 'lucide-react';
import type { z } from 'zod';
import { ASSIGNABLE_ROLES, updateUserInput, type Role } from '@ctp/contracts';
import { trpc } from '@/lib/trpc';
import { applyServerErrors, formWriteError, isConflict, serverError, type ServerError } from '@/lib/server-error';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Input, NativeSelect } from '@/components/ui/input';
import { FormField } from '@/components/form-field';
import { FormActions } from '@/components/form-actions';
import { WriteErrorNotice } from '@/components/write-error-notice';
import { ReasonField } from '@/features/sites/reason-field';

export function EditUserDialog({ user }: { user: { id: number; fullName: string; role: Role; version: number } }) {
  const { t } = useTranslation('admin');
  const tc = useTranslation('common').t;
  const [open, setOpen] = useState(false);
  const [conflict, setConflict] = useState<ServerError | null>(null);
  const utils = trpc.useUtils();
  const defaults = { id: user.id, version: user.version, fullName: user.fullName, role: user.role, reason: '' };
  const form = useForm<z.input<typeof updateUserInput>, unknown, z.output<typeof updateUserInput>>({ resolver: zodResolver(updateUserInput), defaultValues: defaults });
  const update = trpc.users.update.useMutation({
    onSuccess: async () => {
      setOpen(false);
      await utils.users.invalidate();
    },
    onError: (err) => (isConflict(err) ? setConflict(serverError(err)) : applyServerErrors(err, form.setError, ['fullName', 'role', 'reason'])),
  });
  const errors = form.formState.errors;
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        setConflict(null);
        if (o) form.reset(defaults);
      }}
    >
      <DialogTrigger asChild>
        <Button size="sm" variant="outline">
          <Pencil /> {t('edit.button')}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('edit.title')}</DialogTitle>
          <DialogDescription>{t('edit.description')}</DialogDescription>
        </DialogHeader>
        <form noValidate className="grid gap-4" onSubmit={form.handleSubmit((v) => update.mutate(v))}>
          <FormField id="edit-name" label={t('fields.fullName')} error={errors.fullName?.message}>
            <Input {...form.register('fullName')} />
          </FormField>
          <FormField id="edit-role" label={t('fields.role')} error={errors.role?.message}>
            <NativeSelect {...form.register('role')}>
              {ASSIGNABLE_ROLES.map((r) => (
                <option key={r} value={r}>{tc(`roles.${r}`)}</option>
              ))}
            </NativeSelect>
          </FormField>
          <ReasonField id="edit-reason" error={errors.reason?.message} registration={form.register('reason')} />
          <WriteErrorNotice
            error={formWriteError(conflict, errors.root?.server?.message)}
            onReload={async () => {
              await utils.users.byId.invalidate({ id: user.id });
              setOpen(false);
            }}
          />
          <FormActions onCancel={() => setOpen(false)} pending={update.isPending} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
