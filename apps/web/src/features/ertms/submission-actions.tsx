// The buttons of a submission: View, and the one workflow step its status allows for roles that manage
// submissions: Submit (drafts only), Record acknowledgement (submitted) or Record decision (pending).
import { useTranslation } from 'react-i18next';
import { CheckCircle2, Eye, Inbox, Send } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { nextStep, type OnSubmissionStep, type SubmissionRow } from './types';

const ICONS = { submit: Send, acknowledge: Inbox, decide: CheckCircle2 } as const;

export function SubmissionActions({
  row,
  canManage,
  onView,
  onStep,
}: {
  row: SubmissionRow;
  canManage: boolean;
  onView?: (row: SubmissionRow) => void;
  onStep: OnSubmissionStep;
}) {
  const { t } = useTranslation('ertms');
  const step = canManage ? nextStep(row.status) : null;
  const Icon = step ? ICONS[step] : null;
  return (
    <div className="flex flex-wrap gap-2">
      {onView && (
        <Button variant="outline" size="sm" onClick={() => onView(row)} aria-label={t('actions.viewLabel', { number: row.submissionNumber })}>
          <Eye aria-hidden /> {t('actions.view')}
        </Button>
      )}
      {step && Icon && (
        <Button size="sm" onClick={() => onStep(step, row)} data-testid={`action-${step}`}>
          <Icon aria-hidden /> {t(`actions.${step}`)}
        </Button>
      )}
    </div>
  );
}
