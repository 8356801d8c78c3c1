// /profile: the signed-in user's account, where they are signed in, and their personal API tokens.
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '@/lib/auth';
import { PageHeader } from '@/components/page-header';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ApiTokensCard } from '@/features/account/api-tokens-card';
import { OwnSessionsCard } from '@/features/account/own-sessions-card';
import { MfaCard } from '@/features/account/mfa-card';

export default function ProfilePage() {
  const { t } = useTranslation('account');
  const tc = useTranslation('common').t;
  const me = useCurrentUser().data;
  if (!me) return null;
  return (
    <div>
      <PageHeader title={t('profile.title')} description={t('profile.subtitle')} />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader><CardTitle className="text-base">{t('profile.account')}</CardTitle></CardHeader>
          <CardContent>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              <dt className="text-muted-foreground">{t('fields.fullName')}</dt><dd>{me.fullName}</dd>
              <dt className="text-muted-foreground">{t('fields.email')}</dt><dd>{me.email}</dd>
              <dt className="text-muted-foreground">{t('fields.role')}</dt><dd>{tc(`roles.${me.role}`)}</dd>
            </dl>
            <p className="mt-3 text-xs text-muted-foreground">{t('profile.passwordHint')}</p>
          </CardContent>
        </Card>
        <OwnSessionsCard />
        <div className="lg:col-span-2"><MfaCard /></div>
        <div className="lg:col-span-2"><ApiTokensCard /></div>
      </div>
    </div>
  );
}
