// The fields of a webhook endpoint, shared by the add and edit dialogs: name, URL, signing secret (with
// a generator; left empty when editing, the secret stays), the events it hears and an optional study.
import { useTranslation } from 'react-i18next';
import type { UseFormReturn } from 'react-hook-form';
import { WEBHOOK_EVENTS } from '@ctp/contracts';
import { trpc } from '@/lib/trpc';
import { Button } from '@/components/ui/button';
import { Input, NativeSelect } from '@/components/ui/input';
import { FormField } from '@/components/form-field';

export interface EndpointFormValues {
  name: string;
  url: string;
  secret?: string;
  events: string[];
  studyId: number | null;
  active?: boolean;
}

/** 32 random bytes as hex: 64 characters, above the 32-character minimum. */
export function generateSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function EndpointFields({ form, editing }: { form: UseFormReturn<EndpointFormValues>; editing: boolean }) {
  const { t } = useTranslation('webhooks');
  const studies = trpc.studies.list.useQuery({ limit: 100 });
  const errors = form.formState.errors;
  const events = form.watch('events');
  const toggle = (event: string, on: boolean) =>
    form.setValue('events', on ? [...events, event] : events.filter((e) => e !== event), { shouldValidate: form.formState.isSubmitted });
  return (
    <>
      <FormField id="webhook-name" label={t('fields.name')} error={errors.name?.message}>
        <Input autoComplete="off" {...form.register('name')} />
      </FormField>
      <FormField id="webhook-url" label={t('fields.url')} error={errors.url?.message} hint={t('fields.urlHint')}>
        <Input type="url" autoComplete="off" placeholder="https://" {...form.register('url')} />
      </FormField>
      <FormField
        id="webhook-secret"
        label={t('fields.secret')}
        error={errors.secret?.message}
        hint={editing ? t('fields.secretKeep') : t('fields.secretHint')}
      >
        <Input autoComplete="off" spellCheck={false} className="font-mono" {...form.register('secret')} />
      </FormField>
      <div>
        <Button type="button" variant="outline" size="sm" onClick={() => form.setValue('secret', generateSecret(), { shouldValidate: form.formState.isSubmitted })}>
          {t('actions.generateSecret')}
        </Button>
      </div>
      <fieldset className="grid gap-1.5">
        <legend className="mb-1 text-sm font-medium">{t('fields.events')}</legend>
        <div className="grid gap-1 sm:grid-cols-2">
          {WEBHOOK_EVENTS.map((event) => (
            <label key={event} className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={events.includes(event)} onChange={(e) => toggle(event, e.target.checked)} />
              <span>{t(`events.${event}`)}</span>
              <code className="text-xs text-muted-foreground">{event}</code>
            </label>
          ))}
        </div>
        {errors.events?.message && <p role="alert" className="text-xs text-destructive">{t('fields.eventsRequired')}</p>}
      </fieldset>
      <FormField id="webhook-study" label={t('fields.study')} hint={t('fields.studyHint')}>
        <NativeSelect
          value={form.watch('studyId') ?? ''}
          onChange={(e) => form.setValue('studyId', e.target.value ? Number(e.target.value) : null)}
        >
          <option value="">{t('fields.allStudies')}</option>
          {studies.data?.items.map((s) => (
            <option key={s.id} value={s.id}>{s.studyId}</option>
          ))}
        </NativeSelect>
      </FormField>
      {editing && (
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" {...form.register('active')} /> {t('fields.active')}
        </label>
      )}
    </>
  );
}
