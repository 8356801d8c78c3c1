// One account action that needs a reason (deactivate, reactivate, unlock, end sessions): a button that
// opens a dialog asking why, then runs the action. The server's refusal is shown, the reason kept.
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { reason } from '@ctp/contracts';
import { serverError, type ServerError } from '@/lib/server-error';
import { Button, type ButtonProps } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { FormActions } from '@/components/form-actions';
import { WriteErrorNotice } from '@/components/write-error-notice';
import { ReasonField } from '@/features/sites/reason-field';

const schema = z.object({ reason });

export function ReasonActionDialog({
  id,
  label,
  icon,
  title,
  description,
  variant = 'outline',
  run,
}: {
  id: string;
  label: string;
  icon?: ReactNode;
  title: string;
  description: string;
  variant?: ButtonProps['variant'];
  run: (reason: string) => Promise<unknown>;
}) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<ServerError | null>(null);
  const [pending, setPending] = useState(false);
  const form = useForm<{ reason: string }>({ resolver: zodResolver(schema), defaultValues: { reason: '' } });
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        setError(null);
        if (o) form.reset({ reason: '' });
      }}
    >
      <DialogTrigger asChild>
        <Button size="sm" variant={variant}>
          {icon} {label}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={form.handleSubmit(async (v) => {
            setError(null);
            setPending(true);
            try {
              await run(v.reason);
              setOpen(false);
            } catch (err) {
              setError(serverError(err));
            } finally {
              setPending(false);
            }
          })}
        >
          <ReasonField id={`${id}-reason`} error={form.formState.errors.reason?.message} registration={form.register('reason')} />
          <WriteErrorNotice error={error} />
          <FormActions onCancel={() => setOpen(false)} pending={pending} submitLabel={label} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
