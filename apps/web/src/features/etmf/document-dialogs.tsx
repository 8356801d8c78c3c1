// The step dialog open on the screen (one at a time): Send for Review, Approve, Return, Withdraw or
// Upload New Version.
import type { ActiveDocumentDialog } from './document-actions';
import { SendForReviewDialog } from './send-for-review-dialog';
import { ApproveDialog } from './approve-dialog';
import { ReturnDialog } from './return-dialog';
import { WithdrawDialog } from './withdraw-dialog';
import { NewVersionDialog } from './new-version-dialog';

export function DocumentDialogs({ active, onClose }: { active: ActiveDocumentDialog; onClose: () => void }) {
  if (!active) return null;
  const { action, row } = active;
  const key = `${action}-${row.id}-${row.rowVersion}`;
  switch (action) {
    case 'sendForReview':
      return <SendForReviewDialog key={key} row={row} onClose={onClose} />;
    case 'approve':
      return <ApproveDialog key={key} row={row} onClose={onClose} />;
    case 'return':
      return <ReturnDialog key={key} row={row} onClose={onClose} />;
    case 'withdraw':
      return <WithdrawDialog key={key} row={row} onClose={onClose} />;
    case 'newVersion':
      return <NewVersionDialog key={key} row={row} onClose={onClose} />;
  }
}
