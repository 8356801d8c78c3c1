import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '@ctp/contracts';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { ChangePasswordForm } from '@/features/account/change-password-form';

export function ProfileDialog({ user, section, onClose }: { user: CurrentUser; section: 'profile' | 'settings'; onClose: () => void }) {
  const { t } = useTranslation('common');
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{section === 'profile' ? t('topbar.profile') : t('topbar.settings')}</DialogTitle>
          <DialogDescription>{user.fullName} · {t(`roles.${user.role}`)} · {user.email}</DialogDescription>
        </DialogHeader>
        {section === 'settings' ? (
          <div className="grid gap-3">
            <h4 className="font-medium">{t('profile.changePassword')}</h4>
            <ChangePasswordForm onDone={onClose} />
          </div>
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
