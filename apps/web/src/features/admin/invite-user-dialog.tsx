// Invite a user: e-mail, full name and role. The account stays inactive until the invitee sets a
// password through the single-use link, which is shown here once (and e-mailed when SMTP is set up).
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { UserPlus } from 'lucide-react';
import { ASSIGNABLE_ROLES, inviteUserInput, type InviteUserInput } from '@ctp/contracts';
import { trpc } from '@/lib/trpc';
import { applyServerErrors, formWriteError } from '@/lib/server-error';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Input, NativeSelect } from '@/components/ui/input';
import { FormField } from '@/components/form-field';
import { FormActions } from '@/components/form-actions';
import { WriteErrorNotice } from '@/components/write-error-notice';
import { LinkOnce, type IssuedLink } from './link-once';

export function InviteUserDialog() {
  const { t } = useTranslation('admin');
  const tc = useTranslation('common').t;
  const [open, setOpen] = useState(false);
  const [issued, setIssued] = useState<IssuedLink | null>(null);
  const utils = trpc.useUtils();
  const defaults: InviteUserInput = { email: '', fullName: '', role: 'coordinator' };
  const form = useForm<InviteUserInput>({ resolver: zodResolver(inviteUserInput), defaultValues: defaults });
  const invite = trpc.users.invite.useMutation({
    onSuccess: async ({ link }) => {
      setIssued(link);
      await utils.users.list.invalidate();
    },
    onError: (err) => applyServerErrors(err, form.setError, ['email', 'fullName', 'role']),
  });
  const errors = form.formState.errors;
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (o) {
          form.reset(defaults);
          setIssued(null);
        }
      }}
    >
      <DialogTrigger asChild>
        <Button>
          <UserPlus /> {t('invite.button')}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('invite.title')}</DialogTitle>
          <DialogDescription>{t('invite.description')}</DialogDescription>
        </DialogHeader>
        {issued ? (
          <>
            <LinkOnce link={issued} />
            <DialogFooter>
              <Button type="button" onClick={() => setOpen(false)}>{t('actions.done')}</Button>
            </DialogFooter>
          </>
        ) : (
          <form noValidate className="grid gap-4" onSubmit={form.handleSubmit((v) => invite.mutate(v))}>
            <FormField id="invite-email" label={t('fields.email')} error={errors.email?.message}>
              <Input type="email" autoComplete="off" {...form.register('email')} />
            </FormField>
            <FormField id="invite-name" label={t('fields.fullName')} error={errors.fullName?.message}>
              <Input autoComplete="off" {...form.register('fullName')} />
            </FormField>
            <FormField id="invite-role" label={t('fields.role')} error={errors.role?.message}>
              <NativeSelect {...form.register('role')}>
                {ASSIGNABLE_ROLES.map((r) => (
                  <option key={r} value={r}>{tc(`roles.${r}`)}</option>
                ))}
              </NativeSelect>
            </FormField>
            <WriteErrorNotice error={formWriteError(null, errors.root?.server?.message)} />
            <FormActions onCancel={() => setOpen(false)} pending={invite.isPending} submitLabel={t('invite.submit')} />
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
