// The user's personal API tokens: create one (name, days, read-only or read-write; the token is shown
// once), see when each was last used, revoke.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Plus } from 'lucide-react';
import { API_TOKEN_ACCESS, createApiTokenInput } from '@ctp/contracts';
import { trpc } from '@/lib/trpc';
import { formatDateTime } from '@/lib/format';
import { applyServerErrors } from '@/lib/server-error';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input, NativeSelect } from '@/components/ui/input';
import { ErrorState } from '@/components/ui/states';
import { FormField } from '@/components/form-field';

type Values = z.input<typeof createApiTokenInput>;

export function ApiTokensCard() {
  const { t } = useTranslation('account');
  const utils = trpc.useUtils();
  const tokens = trpc.apiTokens.list.useQuery();
  const [created, setCreated] = useState<string | null>(null);
  const form = useForm<Values>({ resolver: zodResolver(createApiTokenInput), defaultValues: { name: '', expiresInDays: 90, access: 'read' } });
  const create = trpc.apiTokens.create.useMutation({
    onSuccess: async (k) => {
      setCreated(k.token);
      form.reset({ name: '', expiresInDays: 90, access: 'read' });
      await utils.apiTokens.list.invalidate();
    },
    onError: (err) => applyServerErrors(err, form.setError, ['name', 'expiresInDays', 'access']),
  });
  const revoke = trpc.apiTokens.revoke.useMutation({ onSuccess: () => utils.apiTokens.list.invalidate() });
  const errors = form.formState.errors;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">{t('tokens.title')}</CardTitle>
        <p className="text-sm text-muted-foreground">{t('tokens.description')}</p>
      </CardHeader>
      <CardContent className="grid gap-4">
        {created && (
          <div role="status" className="grid gap-2 rounded-md border border-green-200 bg-green-50 p-3 text-sm" data-testid="new-token">
            <span className="font-medium">{t('tokens.createdOnce')}</span>
            <Input readOnly value={created} aria-label={t('tokens.value')} onFocus={(e) => e.currentTarget.select()} data-testid="new-token-value" />
          </div>
        )}
        <form noValidate className="grid gap-3 sm:grid-cols-[1fr_8rem_10rem_auto] sm:items-end" onSubmit={form.handleSubmit((v) => create.mutate(createApiTokenInput.parse(v)))}>
          <FormField id="token-name" label={t('tokens.name')} error={errors.name?.message}>
            <Input {...form.register('name')} placeholder={t('tokens.namePlaceholder')} />
          </FormField>
          <FormField id="token-days" label={t('tokens.days')} error={errors.expiresInDays?.message}>
            <Input type="number" min={1} max={365} {...form.register('expiresInDays')} />
          </FormField>
          <FormField id="token-access" label={t('tokens.access')} error={errors.access?.message}>
            <NativeSelect {...form.register('access')}>
              {API_TOKEN_ACCESS.map((a) => <option key={a} value={a}>{t(`tokens.accessLabel.${a}`)}</option>)}
            </NativeSelect>
          </FormField>
          <Button type="submit" disabled={create.isPending}><Plus /> {t('tokens.create')}</Button>
        </form>
        {errors.root?.server?.message && <ErrorState message={errors.root.server.message} />}
        {tokens.data?.length === 0 && <p className="text-sm text-muted-foreground">{t('tokens.none')}</p>}
        <ul className="grid gap-2 text-sm">
          {tokens.data?.map((k) => (
            <li key={k.id} className="flex flex-wrap items-center justify-between gap-2 rounded border border-border p-2" data-testid="api-token">
              <div>
                <span className="font-medium">{k.name}</span> <code className="text-xs">{k.tokenPrefix}…</code> · {t(`tokens.accessLabel.${k.access}`)}
                <div className="text-xs text-muted-foreground">
                  {k.revokedAt ? t('tokens.revokedOn', { time: formatDateTime(k.revokedAt) }) : t('tokens.expires', { time: formatDateTime(k.expiresAt) })}
                  {' · '}
                  {k.lastUsedAt ? t('tokens.lastUsed', { time: formatDateTime(k.lastUsedAt) }) : t('tokens.neverUsed')}
                </div>
              </div>
              {!k.revokedAt && (
                <Button size="sm" variant="outline" disabled={revoke.isPending} onClick={() => revoke.mutate({ id: k.id })}>{t('tokens.revoke')}</Button>
              )}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
