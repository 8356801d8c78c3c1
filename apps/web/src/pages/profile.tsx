// /profile: the signed-in user's account (name, language), where they are signed in, two-factor
// authentication and their personal API tokens.
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '@/lib/auth';
import { PageHeader } from '@/components/page-header';
import { ApiTokensCard } from '@/features/account/api-tokens-card';
import { OwnSessionsCard } from '@/features/account/own-sessions-card';
import { MfaCard } from '@/features/account/mfa-card';
import { ProfileCard } from '@/features/account/profile-card';

export default function ProfilePage() {
  const { t } = useTranslation('account');
  const me = useCurrentUser().data;
  if (!me) return null;
  return (
    <div>
      <PageHeader title={t('profile.title')} description={t('profile.subtitle')} />
      <div className="grid gap-6 lg:grid-cols-2">
        <ProfileCard me={me} />
        <OwnSessionsCard />
        <div className="lg:col-span-2"><MfaCard /></div>
        <div className="lg:col-span-2"><ApiTokensCard /></div>
      </div>
    </div>
  );
}
