// One form for one subject (and visit): the generic renderer over the definition of the version the
// data was entered in (or the published one for a new entry), Save Draft and Submit. A change to data
// already submitted asks for the reason first. Toasts as spec section 8 says.
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  blockingIssues,
  CODED_VARIABLES,
  evaluateForm,
  type FieldIssue,
  type ScalarField,
  type FormDefinition,
  type FormValues,
} from '@ctp/contracts';
import { trpc, type RouterOutputs } from '@/lib/trpc';
import { useCan } from '@/lib/auth';
import { serverError } from '@/lib/server-error';
import { toast } from '@/components/ui/use-toast';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { ErrorState } from '@/components/ui/states';
import { StatusBadge } from '@/components/ui/status-badge';
import { FormRenderer } from '@/features/forms/renderer/form-renderer';
import { ReasonDialog } from './reason-dialog';
import { SubmissionQueries } from './submission-queries';
import { CodingSuggestion } from '@/features/coding/coding-suggestion';
import { formatDateTime } from '@/lib/format';

export interface FormEntryTarget {
  formId: number;
  /** None yet: a new entry whose patient is chosen in the form (the `subject` slot). */
  patientId?: number;
  subjectVisitId?: number;
  /** The visit's date, offered as the default visit date of a new entry. */
  defaultVisitDate?: string | null;
  /** An entry already saved (an unscheduled form can have several). */
  submissionId?: number;
}

/** A new entry starts from the definition's default values (the AE report's Mild, Possibly Related, Resolved). */
function initialValues(definition: FormDefinition): FormValues {
  const values: FormValues = {};
  for (const f of definition.fields) if (f.defaultValue !== undefined) values[f.code] = f.defaultValue;
  return values;
}

export function FormEntry({
  target,
  onSaved,
  subject,
}: {
  target: FormEntryTarget;
  onSaved?: () => void;
  /** The patient's control, in the form (the adverse event report on /data-entry); given the id of its
   *  error message while it shows. */
  subject?: (errorId: string | undefined) => ReactNode;
}) {
  // Once saved, the entry is addressed by its id (a form entered at any time has no visit to find it by).
  const [savedId, setSavedId] = useState(target.submissionId);
  const submissionId = savedId ?? target.submissionId;
  const key = `${target.formId}-${target.subjectVisitId ?? 'u'}`;
  // A new entry outside a visit starts from the published version whoever the patient is: the patient
  // chosen in the form does not reload it (nor lose what was typed).
  const existing = !!(submissionId || target.subjectVisitId);
  const view = trpc.submissions.get.useQuery({
    formId: target.formId,
    patientId: existing ? target.patientId : undefined,
    subjectVisitId: target.subjectVisitId,
    submissionId,
  });
  if (view.isPending) return <Skeleton className="h-64" aria-busy="true" />;
  if (view.error) return <ErrorState message={view.error.message} />;
  return (
    <FormEntryLoaded
      key={`${key}-${view.data.submission?.id ?? 'new'}-${view.data.submission?.version ?? 0}`}
      target={target}
      view={view.data}
      subject={subject}
      onSaved={(id) => {
        setSavedId(id);
        onSaved?.();
      }}
    />
  );
}

type View = RouterOutputs['submissions']['get'];

function FormEntryLoaded({
  target,
  view,
  subject,
  onSaved,
}: {
  target: FormEntryTarget;
  view: View;
  subject?: (errorId: string | undefined) => ReactNode;
  onSaved: (submissionId: number) => void;
}) {
  const { t } = useTranslation('data-entry');
  const utils = trpc.useUtils();
  const canEnter = useCan('data.enter');
  const submission = view.submission;
  const [values, setValues] = useState<FormValues>(() => submission?.data ?? initialValues(view.definition));
  const [visitDate, setVisitDate] = useState(
    submission?.visitDate ?? target.defaultVisitDate ?? new Date().toISOString().slice(0, 10),
  );
  const [serverIssues, setServerIssues] = useState<FieldIssue[]>([]);
  const [showAll, setShowAll] = useState(false);
  const [askReason, setAskReason] = useState(false);
  const [patientMissing, setPatientMissing] = useState(false);
  const locked = submission?.status === 'locked';
  const readOnly = !canEnter || locked;
  const evaluation = useMemo(() => evaluateForm(view.definition, values), [view.definition, values]);
  const save = trpc.submissions.save.useMutation();
  // Adverse event and medical history terms show their coding as they are typed.
  const codingAddon = useCallback(
    (field: ScalarField, _path: string, value: unknown) =>
      (CODED_VARIABLES as readonly string[]).includes(field.cdashVariable ?? field.code) && typeof value === 'string' ? (
        <CodingSuggestion text={value} studyId={view.studyId} />
      ) : null,
    [view.studyId],
  );

  async function run(mode: 'draft' | 'submit', reason?: string) {
    setServerIssues([]);
    const patientId = target.patientId;
    setPatientMissing(!patientId);
    if (!patientId) {
      toast({ variant: 'destructive', title: t('toast.failedTitle'), description: t('patientRequired') });
      return;
    }
    if (mode === 'submit' && blockingIssues(evaluation, 'submit').length) {
      setShowAll(true);
      toast({ variant: 'destructive', title: t('toast.failedTitle'), description: t('toast.failedText') });
      return;
    }
    try {
      const saved = await save.mutateAsync({
        formId: target.formId,
        patientId,
        subjectVisitId: target.subjectVisitId,
        visitDate: visitDate || null,
        formData: evaluation.values,
        mode,
        formVersionId: view.formVersionId,
        submissionId: submission?.id,
        version: submission?.version,
        reason,
      });
      toast(
        mode === 'submit'
          ? {
              title: t('toast.submittedTitle'),
              // A change to verified data clears its SDV: the toast says so.
              description: saved.sdvCleared ? `${t('toast.submittedText')} ${t('toast.sdvCleared')}` : t('toast.submittedText'),
            }
          : { title: t('toast.draftTitle'), description: t('toast.draftText') },
      );
      await Promise.all([utils.submissions.get.invalidate(), utils.submissions.subjectVisits.invalidate(), utils.queries.invalidate()]);
      onSaved(saved.id);
    } catch (err) {
      const e = serverError(err);
      const issues = Object.entries(e.fieldErrors).flatMap(([path, messages]) =>
        (messages ?? []).map((message) => ({
          path,
          field: path.split('.').pop() ?? path,
          kind: 'check' as const,
          severity: 'error' as const,
          message,
        })),
      );
      setServerIssues(issues);
      setShowAll(true);
      toast({
        variant: 'destructive',
        title: t('toast.failedTitle'),
        description: issues.length ? t('toast.failedText') : e.message,
      });
    }
  }

  const submitted = submission && submission.status !== 'draft';
  const patientError = patientMissing && !target.patientId;
  return (
    <div className="grid gap-4" data-testid="form-entry">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h2 className="text-lg font-semibold">{view.formName}</h2>
          <p className="text-xs text-muted-foreground">
            {t('version', { version: view.formVersion })}
            {submission?.submittedBy &&
              ` · ${t('submittedBy', { name: submission.submittedBy, date: formatDateTime(submission.submittedAt) })}`}
          </p>
        </div>
        {submission && <StatusBadge status={submission.status} />}
      </div>
      {subject && (
        <div className="grid max-w-md gap-1.5">
          {subject(patientError ? 'entry-patient-error' : undefined)}
          {patientError && (
            <p id="entry-patient-error" role="alert" className="text-sm text-destructive">
              {t('patientRequired')}
            </p>
          )}
        </div>
      )}
      <div className="grid max-w-xs gap-1.5">
        <Label htmlFor="entry-visit-date">{t('visitDate')}</Label>
        <Input
          id="entry-visit-date"
          type="date"
          value={visitDate ?? ''}
          onChange={(e) => setVisitDate(e.target.value)}
          disabled={readOnly}
        />
      </div>
      {submission && <SubmissionQueries submissionId={submission.id} />}
      <FormRenderer
        definition={view.definition}
        values={values}
        onChange={readOnly ? undefined : setValues}
        readOnly={readOnly}
        serverIssues={serverIssues}
        showAllIssues={showAll}
        fieldAddon={readOnly ? undefined : codingAddon}
      />
      {!readOnly && (
        <div className="flex flex-wrap justify-end gap-2">
          {!submitted && (
            <Button variant="outline" onClick={() => void run('draft')} disabled={save.isPending}>
              {t('saveDraft')}
            </Button>
          )}
          <Button
            onClick={() => (submitted ? setAskReason(true) : void run('submit'))}
            disabled={save.isPending}
          >
            {submitted ? t('submitChange') : t('submit')}
          </Button>
        </div>
      )}
      {locked && <p className="text-sm text-muted-foreground">{t('locked')}</p>}
      <ReasonDialog
        open={askReason}
        onOpenChange={setAskReason}
        onConfirm={(reason) => {
          setAskReason(false);
          void run('submit', reason);
        }}
      />
    </div>
  );
}
