// Add New Site: validated with the contracts' siteCreateInput (the server validates with the same
// schema); a duplicate site number comes back as CONFLICT and is shown on its field. The input stays
// in the form on any error.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Plus } from 'lucide-react';
import { siteCreateInput } from '@ctp/contracts';
import { trpc } from '@/lib/trpc';
import { applyFieldErrors, serverError } from '@/lib/server-error';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { ErrorState } from '@/components/ui/states';
import { translateValidation } from '@/lib/validation-messages';
import { toast } from '@/components/ui/use-toast';
import { SiteFields, SITE_FIELDS } from './site-fields';
import { FormActions } from '@/components/form-actions';

type FormInput = z.input<typeof siteCreateInput>;
type FormOutput = z.output<typeof siteCreateInput>;
const EMPTY: FormInput = {
  siteNumber: '',
  siteName: '',
  principalInvestigator: '',
  address: '',
  city: '',
  country: '',
  phone: '',
  email: '',
};

/** Optional fields left empty are sent as absent, not as empty text. */
function withoutEmpty(values: FormOutput): FormOutput {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== '')) as FormOutput;
}

export function SiteCreateDialog() {
  const { t } = useTranslation('sites');
  const [open, setOpen] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const utils = trpc.useUtils();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(siteCreateInput),
    defaultValues: EMPTY,
  });
  const create = trpc.sites.create.useMutation({
    onSuccess: async (site) => {
      toast({
        title: t('create.success'),
        description: t('create.successText', { number: site.siteNumber, name: site.siteName }),
      });
      form.reset(EMPTY);
      setOpen(false);
      await utils.sites.invalidate();
    },
    onError: (error) => {
      const e = serverError(error);
      if (e.code === 'CONFLICT') {
        form.setError('siteNumber', { type: 'server', message: e.message });
        setFormError(null);
      } else {
        setFormError(applyFieldErrors(e, form.setError, SITE_FIELDS));
      }
    },
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        setFormError(null);
      }}
    >
      <DialogTrigger asChild>
        <Button>
          <Plus /> {t('create.button')}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{t('create.title')}</DialogTitle>
          <DialogDescription>{t('create.description')}</DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={form.handleSubmit((values) => {
            setFormError(null);
            create.mutate(withoutEmpty(values));
          })}
        >
          <SiteFields form={form} withNumber />
          {formError && <ErrorState message={translateValidation(t, formError)} />}
          <FormActions
            onCancel={() => setOpen(false)}
            pending={create.isPending}
            submitLabel={t('create.submit')}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
