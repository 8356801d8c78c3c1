// Edit Site: contact fields and status, with a reason for change; sends the version it read, so a
// change made meanwhile by someone else is a CONFLICT (reload advice and button), never overwritten.
// Only the fields the user changed are sent.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Pencil } from 'lucide-react';
import { SITE_STATUSES, siteUpdateInput, type SiteDetail } from '@ctp/contracts';
import { trpc } from '@/lib/trpc';
import { applyFieldErrors, serverError, type ServerError } from '@/lib/server-error';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/input';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import { FormField } from '@/components/form-field';
import { SiteFields, SITE_FIELDS } from './site-fields';
import { ReasonField } from './reason-field';
import { WriteErrorNotice } from '@/components/write-error-notice';
import { FormActions } from '@/components/form-actions';

const editSchema = siteUpdateInput.shape.changes.extend({ reason: siteUpdateInput.shape.reason });
type FormInput = z.input<typeof editSchema>;
type FormOutput = z.output<typeof editSchema>;
type Changes = z.input<typeof siteUpdateInput>['changes'];
const NULLABLE = new Set(['principalInvestigator', 'address', 'city', 'phone', 'email']);

function valuesOf(site: SiteDetail): FormInput {
  return {
    siteName: site.siteName,
    principalInvestigator: site.principalInvestigator ?? '',
    address: site.address ?? '',
    city: site.city ?? '',
    country: site.country,
    phone: site.phone ?? '',
    email: site.email ?? '',
    status: site.status,
    reason: '',
  };
}

export function SiteEditDialog({ site }: { site: SiteDetail }) {
  const { t } = useTranslation('sites');
  const tc = useTranslation('common').t;
  const [open, setOpen] = useState(false);
  const [version, setVersion] = useState(site.version);
  const [error, setError] = useState<ServerError | null>(null);
  const utils = trpc.useUtils();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(editSchema),
    defaultValues: valuesOf(site),
  });
  const statusError = form.formState.errors.status?.message;
  const update = trpc.sites.update.useMutation({
    onSuccess: async () => {
      toast({ title: t('edit.success'), description: t('edit.successText', { number: site.siteNumber }) });
      setOpen(false);
      await utils.sites.invalidate();
    },
    onError: (e) => {
      const err = serverError(e);
      const rest =
        err.code === 'BAD_REQUEST'
          ? applyFieldErrors(err, form.setError, [...SITE_FIELDS, 'status', 'reason'])
          : err.message;
      setError(rest ? err : null);
    },
  });

  const start = (fresh: SiteDetail, keepReason = false) => {
    form.reset({ ...valuesOf(fresh), reason: keepReason ? form.getValues('reason') : '' });
    setVersion(fresh.version);
    setError(null);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (o) start(site);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" className="w-full justify-start">
          <Pencil /> {t('edit.button')}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{t('edit.title', { number: site.siteNumber })}</DialogTitle>
          <DialogDescription>{t('edit.description')}</DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={form.handleSubmit((values) => {
            const dirty = form.formState.dirtyFields as Partial<Record<keyof FormInput, boolean>>;
            const changes: Record<string, unknown> = {};
            for (const [key, value] of Object.entries(values)) {
              if (key === 'reason' || !dirty[key as keyof FormInput]) continue;
              changes[key] = value === '' && NULLABLE.has(key) ? null : value;
            }
            if (Object.keys(changes).length === 0) {
              setError({ code: 'BAD_REQUEST', message: t('edit.nothingChanged'), fieldErrors: {} });
              return;
            }
            setError(null);
            update.mutate({ id: site.id, version, reason: values.reason, changes: changes as Changes });
          })}
        >
          <SiteFields form={form} />
          <FormField id="site-status" label={t('fields.status')} error={statusError}>
            <NativeSelect {...form.register('status')}>
              {SITE_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {tc(`status.${s}`)}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <ReasonField
            id="site-edit-reason"
            error={form.formState.errors.reason?.message}
            registration={form.register('reason')}
          />
          <WriteErrorNotice
            error={error}
            onReload={async () =>
              start(await utils.sites.byId.fetch({ id: site.id }, { staleTime: 0 }), true)
            }
          />
          <FormActions onCancel={() => setOpen(false)} pending={update.isPending} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
