// One action that needs a reason (deactivate, reactivate, unlock, end sessions, remove from a team):
// a button that opens the shared reason dialog, then runs the action. The server's refusal is shown in
// the dialog and the dialog stays open; on success it closes.
import { useState, type ReactNode } from 'react';
import { serverError, type ServerError } from '@/lib/server-error';
import { Button, type ButtonProps } from '@/components/ui/button';
import { ReasonDialog } from '@/features/casebook/reason-dialog';

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
  return (
    <ReasonDialog
      id={`${id}-reason`}
      trigger={
        <Button size="sm" variant={variant}>
          {icon} {label}
        </Button>
      }
      title={title}
      description={description}
      submitLabel={label}
      pending={pending}
      error={error}
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        setError(null);
      }}
      onSubmit={async (reason) => {
        setError(null);
        setPending(true);
        try {
          await run(reason);
          setOpen(false);
        } catch (err) {
          setError(serverError(err));
        } finally {
          setPending(false);
        }
      }}
    />
  );
}
