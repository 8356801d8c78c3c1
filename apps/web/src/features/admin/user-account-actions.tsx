// The actions on one account, as its state allows: edit, send a link, unlock, end sessions,
// deactivate or reactivate. Each asks why, and the server refuses what the rules forbid (the last
// administrator, one's own account) with its message.
import { useTranslation } from 'react-i18next';
import { LogOut, Unlock, UserCheck, UserX } from 'lucide-react';
import type { Role, UserStatus } from '@ctp/contracts';
import { trpc } from '@/lib/trpc';
import { EditUserDialog } from './edit-user-dialog';
import { ReasonActionDialog } from './reason-action-dialog';
import { SendLinkButton } from './send-link-button';
import { PasswordLoginAction } from './password-login-action';

export function UserAccountActions({ user }: { user: { id: number; fullName: string; role: Role; version: number; status: UserStatus; sessions: unknown[]; passwordLogin: boolean } }) {
  const { t } = useTranslation('admin');
  const utils = trpc.useUtils();
  const refresh = () => utils.users.invalidate();
  const deactivate = trpc.users.deactivate.useMutation({ onSuccess: refresh });
  const reactivate = trpc.users.reactivate.useMutation({ onSuccess: refresh });
  const unlock = trpc.users.unlock.useMutation({ onSuccess: refresh });
  const endSessions = trpc.users.endSessions.useMutation({ onSuccess: refresh });
  const inactive = user.status === 'inactive';
  return (
    <div className="flex flex-wrap gap-2">
      <EditUserDialog user={user} />
      {!inactive && <SendLinkButton userId={user.id} invited={user.status === 'invited'} />}
      {user.status === 'locked' && (
        <ReasonActionDialog id="unlock" label={t('actions.unlock')} icon={<Unlock />} title={t('actions.unlockTitle', { name: user.fullName })} description={t('actions.unlockText')} run={(reason) => unlock.mutateAsync({ id: user.id, reason })} />
      )}
      {user.sessions.length > 0 && (
        <ReasonActionDialog id="end-sessions" label={t('actions.endSessions')} icon={<LogOut />} title={t('actions.endSessionsTitle', { name: user.fullName })} description={t('actions.endSessionsText')} run={(reason) => endSessions.mutateAsync({ id: user.id, reason })} />
      )}
      {!inactive && <PasswordLoginAction user={user} />}
      {inactive ? (
        <ReasonActionDialog id="reactivate" label={t('actions.reactivate')} icon={<UserCheck />} title={t('actions.reactivateTitle', { name: user.fullName })} description={t('actions.reactivateText')} run={(reason) => reactivate.mutateAsync({ id: user.id, reason })} />
      ) : (
        <ReasonActionDialog id="deactivate" variant="destructive" label={t('actions.deactivate')} icon={<UserX />} title={t('actions.deactivateTitle', { name: user.fullName })} description={t('actions.deactivateText')} run={(reason) => deactivate.mutateAsync({ id: user.id, reason })} />
      )}
    </div>
  );
}
