// Activate a site for one study (pending -> active, the server records the activation date). Sends
// the study-site row's version: a stale one is a CONFLICT; a site no longer pending is refused
// (PRECONDITION_FAILED) with the server's message.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { CheckCircle2 } from 'lucide-react';
import { activateSiteInput, type SiteStudy } from '@ctp/contracts';
import { trpc } from '@/lib/trpc';
import { serverError, type ServerError } from '@/lib/server-error';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import { ReasonField } from './reason-field';
import { WriteErrorNotice } from '@/components/write-error-notice';
import { FormActions } from '@/components/form-actions';

type FormInput = z.input<typeof activateSiteInput>;
type FormOutput = z.output<typeof activateSiteInput>;

export function ActivateSiteDialog({
  siteId,
  siteNumber,
  study,
}: {
  siteId: number;
  siteNumber: string;
  study: SiteStudy;
}) {
  const { t } = useTranslation('sites');
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<ServerError | null>(null);
  const utils = trpc.useUtils();
  const defaults = { studyId: study.studyId, siteId, version: study.version, reason: '' };
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(activateSiteInput),
    defaultValues: defaults,
  });
  const activate = trpc.sites.activate.useMutation({
    onSuccess: async () => {
      toast({
        title: t('activate.success'),
        description: t('activate.successText', { site: siteNumber, study: study.studyCode }),
      });
      setOpen(false);
      await Promise.all([utils.sites.invalidate(), utils.studies.invalidate()]);
    },
    onError: (e) => setError(serverError(e)),
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        setError(null);
        // Always act on the version shown now (after a reload it is the fresh one).
        if (o) form.reset(defaults);
      }}
    >
      <DialogTrigger asChild>
        <Button size="sm" variant="outline">
          <CheckCircle2 /> {t('activate.button')}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('activate.title', { study: study.studyCode })}</DialogTitle>
          <DialogDescription>
            {t('activate.description', { site: siteNumber, study: study.studyCode })}
          </DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={form.handleSubmit((values) => {
            setError(null);
            activate.mutate(values);
          })}
        >
          <ReasonField
            id="activate-reason"
            error={form.formState.errors.reason?.message}
            registration={form.register('reason')}
            placeholder={t('activate.reasonPlaceholder')}
          />
          <WriteErrorNotice
            error={error}
            onReload={async () => {
              await utils.sites.byId.invalidate({ id: siteId });
              setOpen(false);
            }}
          />
          <FormActions
            onCancel={() => setOpen(false)}
            pending={activate.isPending}
            submitLabel={t('activate.submit')}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
