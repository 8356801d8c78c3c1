// A two-factor action that asks for the password again (turn off, new recovery codes): a button that
// opens a dialog with the password field; a wrong password is shown on it and nothing changes.
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { serverError, type ServerError } from '@/lib/server-error';
import { Button, type ButtonProps } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { FormField } from '@/components/form-field';
import { FormActions } from '@/components/form-actions';
import { WriteErrorNotice } from '@/components/write-error-notice';

export function PasswordConfirmDialog({
  id,
  label,
  title,
  description,
  variant = 'outline',
  icon,
  run,
}: {
  id: string;
  label: string;
  title: string;
  description: string;
  variant?: ButtonProps['variant'];
  icon?: ReactNode;
  run: (password: string) => Promise<unknown>;
}) {
  const { t } = useTranslation('account');
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const [error, setError] = useState<ServerError | null>(null);
  const [pending, setPending] = useState(false);
  const change = (o: boolean) => {
    setOpen(o);
    setPassword('');
    setPasswordError(undefined);
    setError(null);
  };
  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogTrigger asChild>
        <Button size="sm" variant={variant}>{icon} {label}</Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={async (e) => {
            e.preventDefault();
            setError(null);
            if (!password) {
              setPasswordError(t('mfa.enterPassword'));
              return;
            }
            setPending(true);
            try {
              await run(password);
              change(false);
            } catch (err) {
              const se = serverError(err);
              setPassword('');
              if (se.fieldErrors.password?.[0]) setPasswordError(se.fieldErrors.password[0]);
              else setError(se);
            } finally {
              setPending(false);
            }
          }}
        >
          <FormField id={`${id}-password`} label={t('mfa.password')} error={passwordError}>
            <Input type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
          </FormField>
          <WriteErrorNotice error={error} />
          <FormActions onCancel={() => change(false)} pending={pending} submitLabel={label} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
