import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { changePasswordInput, type ChangePasswordInput, type CurrentUser } from '@ctp/contracts';
import { trpc } from '@/lib/trpc';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { translateValidation } from '@/lib/validation-messages';

export function ProfileDialog({ user, section, onClose }: { user: CurrentUser; section: 'profile' | 'settings'; onClose: () => void }) {
  const { t } = useTranslation('common');
  const form = useForm<ChangePasswordInput>({ resolver: zodResolver(changePasswordInput), defaultValues: { currentPassword: '', newPassword: '' } });
  const change = trpc.auth.changePassword.useMutation({
    onSuccess: () => {
      toast({ title: t('profile.passwordChanged') });
      onClose();
    },
    onError: (err) => form.setError('currentPassword', { message: err.message }),
  });
  const errors = form.formState.errors;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{section === 'profile' ? t('topbar.profile') : t('topbar.settings')}</DialogTitle>
          <DialogDescription>{user.fullName} · {t(`roles.${user.role}`)} · {user.email}</DialogDescription>
        </DialogHeader>
        {section === 'settings' ? (
          <form className="grid gap-3" onSubmit={form.handleSubmit((v) => change.mutate(v))} noValidate>
            <h4 className="font-medium">{t('profile.changePassword')}</h4>
            <div className="grid gap-1.5">
              <Label htmlFor="currentPassword">{t('profile.currentPassword')}</Label>
              <Input id="currentPassword" type="password" autoComplete="current-password" aria-invalid={!!errors.currentPassword} {...form.register('currentPassword')} />
              {errors.currentPassword && <p className="text-xs text-destructive">{translateValidation(t, errors.currentPassword.message ?? '')}</p>}
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="newPassword">{t('profile.newPassword')}</Label>
              <Input id="newPassword" type="password" autoComplete="new-password" aria-invalid={!!errors.newPassword} {...form.register('newPassword')} />
              {errors.newPassword && <p className="text-xs text-destructive">{translateValidation(t, errors.newPassword.message ?? '')}</p>}
              <p className="text-xs text-muted-foreground">{t('profile.passwordPolicy')}</p>
            </div>
            <DialogFooter>
              <Button type="submit" disabled={change.isPending}>{t('profile.changePassword')}</Button>
            </DialogFooter>
          </form>
        ) : (
          <dl className="grid grid-cols-3 gap-2 text-sm">
            <dt className="text-muted-foreground">{t('profile.name')}</dt><dd className="col-span-2">{user.fullName}</dd>
            <dt className="text-muted-foreground">{t('profile.email')}</dt><dd className="col-span-2">{user.email}</dd>
            <dt className="text-muted-foreground">{t('profile.role')}</dt><dd className="col-span-2">{t(`roles.${user.role}`)}</dd>
          </dl>
        )}
      </DialogContent>
    </Dialog>
  );
}
