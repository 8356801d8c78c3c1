// View Details (?doc=<id>): the document's metadata, a preview of a PDF or image, every version with its
// download, the review history and the approval signatures (valid while the signed file is unchanged),
// with the steps the user may take from here.
import { useTranslation } from 'react-i18next';
import { Download } from 'lucide-react';
import { trpc } from '@/lib/trpc';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { ErrorState } from '@/components/ui/states';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { documentSteps, type DocumentPermissions, type OnDocumentAction } from './document-actions';
import { DocumentFields } from './document-fields';
import { DocumentPreview } from './document-preview';
import { DocumentVersions } from './document-versions';
import { DocumentHistory } from './document-history';
import { DocumentSignatures } from './document-signatures';
import { STEP_ICONS } from './document-row-menu';

export function DocumentDetailsDialog({
  id,
  can,
  onAction,
  onClose,
}: {
  id: number;
  can: DocumentPermissions;
  onAction: OnDocumentAction;
  onClose: () => void;
}) {
  const { t } = useTranslation('etmf');
  const detail = trpc.etmf.byId.useQuery({ id });
  const doc = detail.data;
  const steps = doc ? documentSteps(doc, can) : [];
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-4xl" data-testid="etmf-details" data-document-id={id}>
        <DialogHeader>
          <DialogTitle>{doc ? doc.documentName : t('details.title')}</DialogTitle>
          <DialogDescription className="font-mono">{doc ? `${doc.code} · ${doc.artifactNumber} ${doc.documentType}` : detail.error ? `#${id}` : t('details.loading')}</DialogDescription>
        </DialogHeader>
        {detail.isPending ? (
          <div className="grid gap-3" aria-busy="true">
            <Skeleton className="h-24" />
            <Skeleton className="h-64" />
          </div>
        ) : detail.error ? (
          <ErrorState message={detail.error.data?.code === 'NOT_FOUND' || detail.error.data?.code === 'BAD_REQUEST' ? t('details.notFound') : detail.error.message} />
        ) : (
          <div className="grid gap-5">
            <DocumentFields doc={detail.data} />
            <DocumentPreview doc={detail.data} />
            <DocumentVersions doc={detail.data} />
            <DocumentHistory history={detail.data.history} />
            <DocumentSignatures signatures={detail.data.signatures} />
          </div>
        )}
        <DialogFooter className="flex-wrap">
          {doc && (
            <Button asChild variant="outline">
              <a href={doc.documentPath} download={doc.fileName}>
                <Download aria-hidden /> {t('actions.download')}
              </a>
            </Button>
          )}
          {doc &&
            steps.map(({ action, blocked }) => {
              const Icon = STEP_ICONS[action];
              return (
                <Button
                  key={action}
                  variant={action === 'approve' ? 'default' : action === 'withdraw' ? 'destructive' : 'outline'}
                  disabled={!!blocked}
                  title={blocked ? t(`reasons.${blocked}`) : undefined}
                  onClick={() => onAction(action, doc)}
                >
                  <Icon aria-hidden /> {t(`actions.${action}`)}
                </Button>
              );
            })}
          <Button variant="outline" onClick={onClose}>
            {t('dialogs.close')}
          </Button>
        </DialogFooter>
        {steps.some((s) => s.blocked) && (
          <p className="text-right text-xs text-muted-foreground" data-testid="role-note">
            {[...new Set(steps.filter((s) => s.blocked).map((s) => t(`reasons.${s.blocked}`)))].join(' ')}
          </p>
        )}
      </DialogContent>
    </Dialog>
  );
}
