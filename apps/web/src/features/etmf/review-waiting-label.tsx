// Whom a document in the review queue waits for: "Waiting for you" (the user is its named approver),
// "Waiting for <approver>", or, before it is sent (or after it was returned), "Not sent for review".
import { useTranslation } from 'react-i18next';
import { Hourglass, UserCheck } from 'lucide-react';
import { waitsForUser, type DocumentRow } from './document-actions';

export function ReviewWaitingLabel({ row, userId }: { row: DocumentRow; userId: number | undefined }) {
  const { t } = useTranslation('etmf');
  if (waitsForUser(row, userId)) {
    return (
      <span className="inline-flex w-fit items-center gap-1 rounded-full bg-blue-600 px-2.5 py-0.5 text-xs font-medium text-white" data-testid="etmf-waiting" data-mine="true">
        <UserCheck className="h-3.5 w-3.5" aria-hidden /> {t('review.waitingForYou')}
      </span>
    );
  }
  return (
    <span className="inline-flex w-fit items-center gap-1 text-xs text-muted-foreground" data-testid="etmf-waiting" data-mine="false">
      <Hourglass className="h-3.5 w-3.5" aria-hidden />
      {row.reviewStatus === 'in-review' && row.approver ? t('review.waitingFor', { name: row.approver }) : t('review.notSent')}
    </span>
  );
}
