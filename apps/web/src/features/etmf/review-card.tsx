// One document of the Pending Review tab: what it is, where it is filed, whom it waits for, and the
// steps the user may take: Approve and Return for its named approver, Send for Review before it is sent.
import { useTranslation } from 'react-i18next';
import { CheckCircle2, Eye, Send, Undo2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { StatusBadge } from '@/components/ui/status-badge';
import { formatDateTime } from '@/lib/format';
import { cn } from '@/lib/utils';
import { documentSteps, waitsForUser, type DocumentPermissions, type DocumentRow, type OnDocumentAction } from './document-actions';
import { ReviewWaitingLabel } from './review-waiting-label';

export function ReviewCard({ row, can, onAction }: { row: DocumentRow; can: DocumentPermissions; onAction: OnDocumentAction }) {
  const { t } = useTranslation('etmf');
  const mine = waitsForUser(row, can.userId);
  const steps = documentSteps(row, can);
  const has = (action: string) => steps.some((s) => s.action === action);
  const send = steps.find((s) => s.action === 'sendForReview');
  return (
    <Card data-testid="etmf-review-card" data-code={row.code} data-review={row.reviewStatus} className={cn(mine && 'border-blue-300 ring-1 ring-blue-200')}>
      <CardContent className="grid gap-3 pt-5">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <p className="font-mono text-xs text-muted-foreground">{row.code}</p>
            <h3 className="truncate font-semibold" title={row.documentName}>
              {row.documentName}
            </h3>
            <p className="text-xs text-muted-foreground">
              {row.artifactNumber} {row.documentType} · {row.studyId}
              {row.siteName && ` · ${row.siteName}`} · {t('details.versionLabel', { version: row.version })}
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <StatusBadge status={row.status} />
            <StatusBadge status={row.reviewStatus} />
          </div>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div className="grid gap-0.5">
            <ReviewWaitingLabel row={row} userId={can.userId} />
            <span className="text-xs text-muted-foreground">{t('review.updated', { date: formatDateTime(row.lastModified) })}</span>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" size="sm" onClick={() => onAction('view', row)}>
              <Eye aria-hidden /> {t('actions.viewShort')}
            </Button>
            {has('approve') && (
              <Button size="sm" onClick={() => onAction('approve', row)}>
                <CheckCircle2 aria-hidden /> {t('actions.approve')}
              </Button>
            )}
            {has('return') && (
              <Button variant="outline" size="sm" onClick={() => onAction('return', row)}>
                <Undo2 aria-hidden /> {t('actions.return')}
              </Button>
            )}
            {send && (
              <Button variant="outline" size="sm" disabled={!!send.blocked} title={send.blocked ? t(`reasons.${send.blocked}`) : undefined} onClick={() => onAction('sendForReview', row)}>
                <Send aria-hidden /> {t('actions.sendForReview')}
              </Button>
            )}
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
