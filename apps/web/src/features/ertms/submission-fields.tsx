// A submission's fields in the details dialog.
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime } from '@/lib/format';
import { useErtmsLabels } from './use-ertms-labels';
import type { SubmissionDetail } from './types';

export function SubmissionFields({ s }: { s: SubmissionDetail }) {
  const { t } = useTranslation('ertms');
  const { typeName, stepName, agencyName } = useErtmsLabels();
  const fields: [string, React.ReactNode][] = [
    [t('fields.type'), typeName(s.typeCode, s.submissionType)],
    [t('fields.study'), s.studyId],
    [t('fields.agency'), agencyName(s.agency)],
    [t('fields.agencyReference'), s.agencyReference ?? '—'],
    [t('fields.reviewer'), s.reviewer ?? t('fields.noReviewer')],
    [t('fields.currentStep'), stepName(s.status, s.currentStep)],
    [t('fields.createdAt'), formatDateTime(s.createdAt)],
    [t('fields.submittedDate'), formatDate(s.submittedDate)],
    [t('fields.acknowledgedDate'), formatDate(s.acknowledgedDate)],
    [t('fields.dueDate'), formatDate(s.dueDate)],
    [t('fields.responseDate'), formatDate(s.responseDate)],
    [t('fields.documents'), s.documents],
  ];
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-3" data-testid="submission-fields">
      {fields.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="text-xs text-muted-foreground">{label}</dt>
          <dd className="truncate text-sm">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
