// One form for one subject (and visit): the generic renderer over the definition of the version the
// data was entered in (or the published one for a new entry), Save Draft and Submit. It is a real <form>:
// Enter in a one-line control submits, as browsers do. A change to data already submitted asks for the
// reason first. Toasts as spec section 8 says; a submit that raised warnings says so instead of
// 'validated'. A form the user chose is brought into view with focus on its heading (phones show the
// list first, the form below it).
import { useCallback, useEffect, useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
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
  focusOnOpen = false,
}: {
  target: FormEntryTarget;
  onSaved?: () => void;
  /** The user just chose this form: scroll it into view and focus its heading once it has loaded. */
  focusOnOpen?: boolean;
  /** The patient's control, in the form (the adverse event report on /data-entry); given the id of its
   *  error message while it shows. */
  subject?: (errorId: string | undefined) => ReactNode;
}) {
  // Once saved, the entry is addressed by its id (a form entered at any time has no visit to find it by).
  const [savedId, setSavedId] = useState(target.submissionId);
  // Only the first load takes focus: a reload after saving leaves it where the user is.
  const pendingFocus = useRef(focusOnOpen);
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
      takeFocus={pendingFocus}
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
  takeFocus,
  onSaved,
}: {
  target: FormEntryTarget;
  view: View;
  takeFocus: { current: boolean };
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
  const heading = useRef<HTMLHeadingElement>(null);
  const titleId = useId();
  useEffect(() => {
    if (!takeFocus.current || !heading.current) return;
    takeFocus.current = false;
    const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    heading.current.scrollIntoView({ block: 'start', behavior: still ? 'auto' : 'smooth' });
    heading.current.focus({ preventScroll: true });
  }, [takeFocus]);
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
      toast(mode === 'submit' ? submittedToast(t, saved) : { title: t('toast.draftTitle'), description: t('toast.draftText') });
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
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    // The reason dialog's own form is portalled but its submit bubbles here through React: not ours.
    if (e.target !== e.currentTarget || readOnly || save.isPending) return;
    if (submitted) setAskReason(true);
    else void run('submit');
  };
  return (
    <form className="grid gap-4" data-testid="form-entry" aria-labelledby={titleId} noValidate onSubmit={onSubmit}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h2 id={titleId} ref={heading} tabIndex={-1} className="scroll-mt-4 text-lg font-semibold focus:outline-none focus-visible:ring-2 focus-visible:ring-primary/40">
            {view.formName}
          </h2>
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
            <Button type="button" variant="outline" onClick={() => void run('draft')} disabled={save.isPending}>
              {t('saveDraft')}
            </Button>
          )}
          <Button type="submit" disabled={save.isPending}>
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
    </form>
  );
}

/** A clean submit gets the spec's toast; one that kept warnings says how many and the queries raised. */
function submittedToast(t: TFunction<'data-entry'>, saved: RouterOutputs['submissions']['save']) {
  // A change to verified data clears its SDV: the toast says so.
  const sdv = saved.sdvCleared ? ` ${t('toast.sdvCleared')}` : '';
  if (!saved.warnings.length) return { title: t('toast.submittedTitle'), description: t('toast.submittedText') + sdv };
  const warnings = t('toast.warnings', { count: saved.warnings.length });
  const description = saved.queriesRaised
    ? t('toast.savedWithWarnings', { warnings, queries: t('toast.queriesRaised', { count: saved.queriesRaised }) })
    : t('toast.savedWithWarningsOpen', { warnings });
  return { title: t('toast.submittedWithWarningsTitle'), description: description + sdv };
}
