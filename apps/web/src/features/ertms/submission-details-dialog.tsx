// View: a submission's fields and clocks, its required artifacts checklist, the linked documents (link
// and unlink while it is a draft, for roles that manage submissions), the steps history and the next
// step. Opened by ?submission=<id>, so a notification's link opens it too.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { trpc } from '@/lib/trpc';
import { isNotFound, serverError, type ServerError } from '@/lib/server-error';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { StatusBadge } from '@/components/ui/status-badge';
import { ErrorState } from '@/components/ui/states';
import { toast } from '@/components/ui/use-toast';
import { WriteErrorNotice } from '@/components/write-error-notice';
import { DocumentPicker } from './document-picker';
import { LinkedDocuments } from './linked-documents';
import { RequirementsChecklist } from './requirements-checklist';
import { StepsHistory } from './steps-history';
import { SubmissionActions } from './submission-actions';
import { SubmissionClocks } from './submission-clocks';
import { SubmissionFields } from './submission-fields';
import { useErtmsMessage } from './use-ertms-message';
import type { OnSubmissionStep } from './types';

function Section({ title, children, testId }: { title: string; children: React.ReactNode; testId?: string }) {
  return (
    <section className="grid gap-2" data-testid={testId}>
      <h3 className="text-sm font-semibold">{title}</h3>
      {children}
    </section>
  );
}

export function SubmissionDetailsDialog({
  id,
  canManage,
  onStep,
  onClose,
}: {
  id: number;
  canManage: boolean;
  onStep: OnSubmissionStep;
  onClose: () => void;
}) {
  const { t } = useTranslation('ertms');
  const message = useErtmsMessage();
  const utils = trpc.useUtils();
  const detail = trpc.ertms.byId.useQuery({ id });
  const s = detail.data;
  const [error, setError] = useState<ServerError | null>(null);
  const [search, setSearch] = useState('');
  const handlers = {
    onSuccess: () => {
      setError(null);
      void utils.ertms.invalidate();
    },
    onError: (e: unknown) => {
      const err = serverError(e);
      const field = err.fieldErrors.documentId?.[0];
      setError({ ...err, message: message(field ?? err.message) ?? err.message });
    },
  };
  const link = trpc.ertms.linkDocument.useMutation({
    ...handlers,
    onSuccess: () => {
      handlers.onSuccess();
      toast({ title: t('toasts.linked'), description: s?.submissionNumber });
    },
  });
  const unlink = trpc.ertms.unlinkDocument.useMutation(handlers);
  const busy = link.isPending || unlink.isPending || detail.isFetching;
  const editable = !!s && s.status === 'draft' && canManage;

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-4xl" data-testid="submission-details" data-number={s?.submissionNumber} data-status={s?.status}>
        <DialogHeader>
          <DialogTitle>{s ? s.title : t('details.title')}</DialogTitle>
          <DialogDescription asChild>
            <div className="flex flex-wrap items-center gap-2">
              {s ? (
                <>
                  <span className="font-mono">{s.submissionNumber}</span>
                  <StatusBadge status={s.status} />
                  <StatusBadge status={s.priority} />
                </>
              ) : (
                <span>{t('details.title')}</span>
              )}
            </div>
          </DialogDescription>
        </DialogHeader>
        {detail.isPending ? (
          <div className="grid gap-3" aria-busy="true">
            <Skeleton className="h-24" />
            <Skeleton className="h-32" />
          </div>
        ) : detail.error ? (
          <ErrorState message={isNotFound(detail.error) ? t('messages.notFound') : detail.error.message} />
        ) : (
          s && (
            <div className="grid gap-5">
              <SubmissionFields s={s} />
              <SubmissionClocks row={s} />
              <Section title={t('details.requirements')} testId="requirements-section">
                <RequirementsChecklist requirements={s.requirements} onFind={editable ? setSearch : undefined} />
              </Section>
              <Section title={t('details.documents', { count: s.documentsLinked.length })} testId="documents-section">
                <LinkedDocuments
                  documents={s.documentsLinked}
                  canUnlink={editable}
                  busy={busy}
                  onUnlink={(documentId) => unlink.mutate({ id: s.id, version: s.version, documentId })}
                />
                {editable && (
                  <div className="grid gap-2 rounded-md bg-muted/30 p-3">
                    <p className="text-sm font-medium">{t('documents.linkTitle')}</p>
                    <DocumentPicker
                      studyId={s.studyDbId}
                      linkedIds={s.documentsLinked.map((d) => d.id)}
                      busy={busy}
                      onPick={(d) => link.mutate({ id: s.id, version: s.version, documentId: d.id })}
                      search={search}
                      onSearch={setSearch}
                    />
                  </div>
                )}
                {s.status !== 'draft' && <p className="text-xs text-muted-foreground">{t('documents.lockedNote')}</p>}
                <WriteErrorNotice
                  error={error}
                  reloading={detail.isFetching}
                  onReload={() => {
                    setError(null);
                    void utils.ertms.invalidate();
                  }}
                />
              </Section>
              <Section title={t('details.history')}>
                <StepsHistory steps={s.steps} />
              </Section>
              {!canManage && (
                <p className="text-xs text-muted-foreground" data-testid="details-role-note">
                  {t('roleNote')}
                </p>
              )}
            </div>
          )
        )}
        <DialogFooter className="flex-wrap items-center">
          {s && <SubmissionActions row={s} canManage={canManage} onStep={onStep} />}
          <Button variant="outline" onClick={onClose}>
            {t('dialogs.close')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
