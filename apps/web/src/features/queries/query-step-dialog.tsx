// Add Response, Resolve Query, Re-open Query and Cancel Query: one text (the response, the resolution
// note or the reason), sent with the version the dialog read. The server decides whether the step is
// allowed (lifecycle, role, site); its refusal is shown here, and a stale version offers Reload.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { queryCancelInput, queryCloseInput, queryReopenInput, queryRespondInput, type QueryRow } from '@ctp/contracts';
import { trpc } from '@/lib/trpc';
import { serverError, type ServerError } from '@/lib/server-error';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/input';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import { FormField } from '@/components/form-field';
import { WriteErrorNotice } from '@/components/write-error-notice';
import type { QueryStep } from './query-actions';
import { useFreshQuery } from './use-fresh-query';
import { QueryThread } from './query-thread';

const BODY = {
  respond: queryRespondInput.shape.body,
  resolve: queryCloseInput.shape.body,
  reopen: queryReopenInput.shape.body,
  cancel: queryCancelInput.shape.body,
} as const;

export function QueryStepDialog({ step, row: initial, onClose }: { step: QueryStep; row: QueryRow; onClose: () => void }) {
  const { t } = useTranslation('queries');
  const { row, reload, reloading } = useFreshQuery(initial);
  const [body, setBody] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState<ServerError | null>(null);
  const utils = trpc.useUtils();
  const handlers = {
    onSuccess: () => {
      toast({ title: t(`toasts.${step}`), description: row.queryId });
      onClose();
      void utils.queries.invalidate();
    },
    onError: (e: unknown) => {
      const err = serverError(e);
      const bodyError = err.fieldErrors.body?.[0];
      if (bodyError) setFieldError(bodyError);
      else setError(err);
    },
  };
  const mutations = {
    respond: trpc.queries.respond.useMutation(handlers),
    resolve: trpc.queries.close.useMutation(handlers),
    reopen: trpc.queries.reopen.useMutation(handlers),
    cancel: trpc.queries.cancel.useMutation(handlers),
  };
  const mutation = mutations[step];

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = BODY[step].safeParse(body);
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message);
      return;
    }
    setFieldError(undefined);
    setError(null);
    mutation.mutate({ id: row.id, version: row.version, body: parsed.data });
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl" data-testid={`query-${step}-dialog`}>
        <DialogHeader>
          <DialogTitle>{t(`dialogs.${step}.title`)}</DialogTitle>
          <DialogDescription>
            <span className="font-mono">{row.queryId}</span> · {row.patientId}
            {row.formName && ` · ${row.formName}`}
            {row.field && ` · ${row.field}`}
          </DialogDescription>
        </DialogHeader>
        <QueryThread id={row.id} />
        <form noValidate className="grid gap-4" onSubmit={submit}>
          <FormField id="query-step-body" label={t(`dialogs.${step}.label`)} hint={t(`dialogs.${step}.hint`)} error={fieldError}>
            <Textarea rows={4} maxLength={5000} value={body} onChange={(e) => setBody(e.target.value)} autoFocus />
          </FormField>
          <WriteErrorNotice
            error={error}
            reloading={reloading}
            onReload={() => {
              void reload().then(() => setError(null));
            }}
          />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              {t(step === 'cancel' ? 'dialogs.keepOpen' : 'dialogs.dismiss')}
            </Button>
            <Button type="submit" variant={step === 'cancel' ? 'destructive' : 'default'} disabled={mutation.isPending}>
              {mutation.isPending ? t('dialogs.sending') : t(`dialogs.${step}.submit`)}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
