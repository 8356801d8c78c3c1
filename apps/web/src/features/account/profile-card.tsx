// The signed-in user's own account on /profile: name (changed with a save, audited), the language of
// the screens (kept in this browser, like the top bar's menu), e-mail and role.
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, updateProfileInput, type CurrentUser, type LanguageCode } from '@ctp/contracts';
import { trpc } from '@/lib/trpc';
import { setLanguage } from '@/lib/i18n';
import { applyServerErrors } from '@/lib/server-error';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input, NativeSelect } from '@/components/ui/input';
import { FormField } from '@/components/form-field';
import { toast } from '@/components/ui/use-toast';
import { ChangePasswordForm } from './change-password-form';

export function ProfileCard({ me }: { me: CurrentUser }) {
  const { t, i18n } = useTranslation('account');
  const tc = useTranslation('common').t;
  const utils = trpc.useUtils();
  const form = useForm<{ fullName: string }>({ resolver: zodResolver(updateProfileInput), defaultValues: { fullName: me.fullName } });
  const update = trpc.auth.updateProfile.useMutation({
    onSuccess: (user) => {
      utils.auth.me.setData(undefined, user);
      form.reset({ fullName: user.fullName });
      toast({ title: t('profile.saved') });
    },
    onError: (err) => applyServerErrors(err, form.setError, ['fullName']),
  });
  return (
    <Card>
      <CardHeader><CardTitle className="text-base">{t('profile.account')}</CardTitle></CardHeader>
      <CardContent className="grid gap-4">
        <form noValidate className="flex flex-wrap items-end gap-2" onSubmit={form.handleSubmit((v) => update.mutate(v))}>
          <FormField id="profile-name" label={t('fields.fullName')} error={form.formState.errors.fullName?.message} className="min-w-56 flex-1">
            <Input autoComplete="name" {...form.register('fullName')} />
          </FormField>
          <Button type="submit" variant="outline" disabled={update.isPending || !form.formState.isDirty}>{t('profile.saveName')}</Button>
        </form>
        <FormField id="profile-language" label={t('profile.language')}>
          <NativeSelect value={i18n.resolvedLanguage} onChange={(e) => setLanguage(e.target.value as LanguageCode)}>
            {LANGUAGES.map((l) => <option key={l.code} value={l.code}>{l.label}</option>)}
          </NativeSelect>
        </FormField>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          <dt className="text-muted-foreground">{t('fields.email')}</dt><dd>{me.email}</dd>
          <dt className="text-muted-foreground">{t('fields.role')}</dt><dd>{tc(`roles.${me.role}`)}</dd>
        </dl>
        <div className="grid gap-2 border-t border-border pt-4">
          <h3 className="text-sm font-medium">{tc('profile.changePassword')}</h3>
          <ChangePasswordForm />
        </div>
      </CardContent>
    </Card>
  );
}
