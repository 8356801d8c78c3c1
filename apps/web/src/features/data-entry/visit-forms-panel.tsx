// A subject's visits with their status, window and the forms due at each (with how far each is
// entered), and the forms entered at any time (logs such as adverse events). Choosing a form opens it.
import { useTranslation } from 'react-i18next';
import { FileText } from 'lucide-react';
import { trpc } from '@/lib/trpc';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ErrorState } from '@/components/ui/states';
import { StatusBadge } from '@/components/ui/status-badge';
import { cn } from '@/lib/utils';
import { VisitStatusIcon } from './visit-status-icon';
import type { FormEntryTarget } from './form-entry';
import { formatDate } from '@/lib/format';

export function VisitFormsPanel({
  patientId,
  selected,
  onSelect,
}: {
  patientId: number;
  selected?: FormEntryTarget;
  onSelect: (target: FormEntryTarget) => void;
}) {
  const { t } = useTranslation('data-entry');
  const data = trpc.submissions.subjectVisits.useQuery({ patientId });
  if (data.isPending) return <Skeleton className="h-64" />;
  if (data.error) return <ErrorState message={data.error.message} />;
  const isSelected = (formId: number, visitId?: number) =>
    selected?.formId === formId && selected.subjectVisitId === visitId;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">
          {data.data.patient.patientId} · {data.data.patient.siteName}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3" data-testid="subject-visits">
        {data.data.visits.map((v) => (
          <div key={v.id} className="rounded-md border p-2" data-testid={`visit-${v.code}`}>
            <div className="flex items-center justify-between gap-2 text-sm">
              <span className="flex items-center gap-2 font-medium">
                <VisitStatusIcon status={v.status} /> {v.name}
              </span>
              <span className="text-xs text-muted-foreground">
                {formatDate(v.actualDate ?? v.scheduledDate)}
              </span>
            </div>
            <ul className="mt-1 grid gap-1">
              {v.forms.map((f) => (
                <li key={f.formId}>
                  <button
                    type="button"
                    className={cn(
                      'flex w-full items-center justify-between rounded px-2 py-1 text-left text-sm hover:bg-muted',
                      isSelected(f.formId, v.id) && 'bg-primary/10',
                    )}
                    onClick={() =>
                      onSelect({
                        formId: f.formId,
                        patientId,
                        subjectVisitId: v.id,
                        defaultVisitDate: v.actualDate ?? v.scheduledDate,
                      })
                    }
                  >
                    <span className="flex items-center gap-2">
                      <FileText className="h-3.5 w-3.5" aria-hidden /> {f.formName}
                    </span>
                    {f.submissionStatus ? (
                      <StatusBadge status={f.submissionStatus} />
                    ) : (
                      <span className="text-xs text-muted-foreground">{t('notEntered')}</span>
                    )}
                  </button>
                </li>
              ))}
              {v.forms.length === 0 && (
                <li className="px-2 text-xs text-muted-foreground">{t('noFormsDue')}</li>
              )}
            </ul>
          </div>
        ))}
        {data.data.unscheduledForms.length > 0 && (
          <div className="rounded-md border p-2">
            <p className="text-sm font-medium">{t('anyTime')}</p>
            <ul className="mt-1 grid gap-1">
              {data.data.unscheduledForms.map((f) => (
                <li key={f.formId}>
                  <button
                    type="button"
                    className={cn(
                      'flex w-full items-center justify-between rounded px-2 py-1 text-left text-sm hover:bg-muted',
                      isSelected(f.formId) && 'bg-primary/10',
                    )}
                    onClick={() => onSelect({ formId: f.formId, patientId })}
                  >
                    <span className="flex items-center gap-2">
                      <FileText className="h-3.5 w-3.5" aria-hidden /> {f.formName}
                    </span>
                    <span className="text-xs text-muted-foreground">
                      {t('entries', { count: f.submissions })}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
