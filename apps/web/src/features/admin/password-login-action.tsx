// Turn an account's password log-in off (it signs in with single sign-on only) or back on, with a
// reason. Offered to turn off only while single sign-on is configured; the server refuses otherwise.
import { useTranslation } from 'react-i18next';
import { KeyRound } from 'lucide-react';
import { trpc } from '@/lib/trpc';
import { ReasonActionDialog } from './reason-action-dialog';

export function PasswordLoginAction({ user }: { user: { id: number; fullName: string; passwordLogin: boolean } }) {
  const { t } = useTranslation('admin');
  const utils = trpc.useUtils();
  const sso = trpc.auth.ssoInfo.useQuery(undefined, { staleTime: Infinity });
  const change = trpc.users.setPasswordLogin.useMutation({ onSuccess: () => utils.users.invalidate() });
  if (user.passwordLogin && !sso.data?.enabled) return null;
  const turnOn = !user.passwordLogin;
  return (
    <ReasonActionDialog
      id="password-login"
      label={t(turnOn ? 'actions.passwordLoginOn' : 'actions.passwordLoginOff')}
      icon={<KeyRound />}
      title={t(turnOn ? 'actions.passwordLoginOnTitle' : 'actions.passwordLoginOffTitle', { name: user.fullName })}
      description={t(turnOn ? 'actions.passwordLoginOnText' : 'actions.passwordLoginOffText', { name: user.fullName })}
      run={(reason) => change.mutateAsync({ id: user.id, passwordLogin: turnOn, reason })}
    />
  );
}
