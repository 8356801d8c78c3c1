// The eTMF documents linked to a submission: code, title, artifact, status and review, the current
// version and the version that went to the agency; Unlink while the submission is a draft.
import { useTranslation } from 'react-i18next';
import { Unlink } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { StatusBadge } from '@/components/ui/status-badge';
import type { SubmissionDetail } from './types';

export function LinkedDocuments({
  documents,
  canUnlink,
  busy,
  onUnlink,
}: {
  documents: SubmissionDetail['documentsLinked'];
  canUnlink: boolean;
  busy?: boolean;
  onUnlink: (documentId: number) => void;
}) {
  const { t } = useTranslation('ertms');
  if (documents.length === 0) return <p className="text-sm text-muted-foreground" data-testid="linked-none">{t('documents.none')}</p>;
  return (
    <ul className="grid divide-y divide-border rounded-md border border-border" data-testid="linked-documents">
      {documents.map((d) => (
        <li key={d.id} className="flex flex-wrap items-center gap-2 px-3 py-2" data-testid="linked-document" data-code={d.code}>
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-medium">{d.title}</p>
            <p className="truncate text-xs text-muted-foreground">
              <span className="font-mono">{d.code}</span> · {d.artifactNumber} {d.artifactName} · v{d.version}
              {d.submittedVersion && ` · ${t('documents.submittedVersion', { version: d.submittedVersion })}`}
            </p>
          </div>
          <StatusBadge status={d.status} />
          <StatusBadge status={d.reviewStatus} />
          {canUnlink && (
            <Button type="button" size="sm" variant="ghost" disabled={busy} aria-label={t('documents.unlinkLabel', { name: d.title })} onClick={() => onUnlink(d.id)}>
              <Unlink aria-hidden /> {t('documents.unlink')}
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}
