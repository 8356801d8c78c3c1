// One submission of the All Submissions grid: number, status and priority, title, type, study and agency,
// the dates, documents, reviewer, current step and clocks, then its actions.
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '@/components/ui/status-badge';
import { Card, CardContent, CardFooter, CardHeader } from '@/components/ui/card';
import { formatDate } from '@/lib/format';
import { SubmissionActions } from './submission-actions';
import { SubmissionClocks } from './submission-clocks';
import { useErtmsLabels } from './use-ertms-labels';
import type { OnSubmissionStep, SubmissionRow } from './types';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="truncate text-sm">{children}</dd>
    </div>
  );
}

export function SubmissionCard({
  row,
  canManage,
  onView,
  onStep,
}: {
  row: SubmissionRow;
  canManage: boolean;
  onView: (row: SubmissionRow) => void;
  onStep: OnSubmissionStep;
}) {
  const { t } = useTranslation('ertms');
  const { typeName, stepName, agencyName } = useErtmsLabels();
  return (
    <Card data-testid="submission-card" data-number={row.submissionNumber} data-status={row.status} data-overdue={row.overdue || undefined} className="flex flex-col">
      <CardHeader className="gap-2 pb-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <button type="button" className="font-mono text-sm font-semibold text-primary hover:underline" onClick={() => onView(row)}>
            {row.submissionNumber}
          </button>
          <div className="flex flex-wrap gap-1.5">
            <StatusBadge status={row.status} />
            <StatusBadge status={row.priority} />
          </div>
        </div>
        <h3 className="line-clamp-2 font-semibold leading-snug" title={row.title}>
          {row.title}
        </h3>
        <p className="text-sm text-muted-foreground">
          {typeName(row.typeCode, row.submissionType)} · {row.studyId} · {agencyName(row.agency)}
          {row.agencyReference && ` · ${row.agencyReference}`}
        </p>
      </CardHeader>
      <CardContent className="grid flex-1 gap-3">
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-3">
          <Field label={t('fields.submittedDate')}>{formatDate(row.submittedDate)}</Field>
          <Field label={t('fields.dueDate')}>{formatDate(row.dueDate)}</Field>
          <Field label={t('fields.responseDate')}>{formatDate(row.responseDate)}</Field>
          <Field label={t('fields.documents')}>
            <span data-testid="documents-count">{row.documents}</span>
          </Field>
          <Field label={t('fields.reviewer')}>{row.reviewer ?? t('fields.noReviewer')}</Field>
          <Field label={t('fields.currentStep')}>
            <span title={stepName(row.status, row.currentStep)}>{stepName(row.status, row.currentStep)}</span>
          </Field>
        </dl>
        <SubmissionClocks row={row} />
      </CardContent>
      <CardFooter className="justify-end">
        <SubmissionActions row={row} canManage={canManage} onView={onView} onStep={onStep} />
      </CardFooter>
    </Card>
  );
}
