// An administrator resets a user's two-factor authentication (a lost or replaced phone): the secret and
// recovery codes are removed, the user signs in with the password and enrols again (at once when their
// role requires it). A reason is required and audited.
import { useTranslation } from 'react-i18next';
import { ShieldOff } from 'lucide-react';
import { trpc } from '@/lib/trpc';
import { ReasonActionDialog } from './reason-action-dialog';

export function ResetMfaButton({ user }: { user: { id: number; fullName: string } }) {
  const { t } = useTranslation('admin');
  const utils = trpc.useUtils();
  const reset = trpc.users.resetMfa.useMutation({ onSuccess: () => utils.users.invalidate() });
  return (
    <ReasonActionDialog
      id="reset-mfa"
      label={t('actions.resetMfa')}
      icon={<ShieldOff />}
      title={t('actions.resetMfaTitle', { name: user.fullName })}
      description={t('actions.resetMfaText')}
      run={(reason) => reset.mutateAsync({ id: user.id, reason })}
    />
  );
}

/** The user's two-factor state in a few words, for the account facts. */
export function useMfaStateText() {
  const { t } = useTranslation('admin');
  return (mfa: { enabled: boolean; required: boolean; recoveryCodesRemaining: number; enrolmentPending: boolean }) =>
    mfa.enabled
      ? t('detail.mfaOn', { count: mfa.recoveryCodesRemaining })
      : mfa.required
        ? t('detail.mfaRequiredOff')
        : mfa.enrolmentPending
          ? t('detail.mfaPending')
          : t('detail.mfaOff');
}
