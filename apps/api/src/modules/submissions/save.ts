// submissions.save: a draft keeps incomplete data; a submit is validated here, authoritatively, by the
// same evaluator the browser runs. A change to data already submitted needs a reason, and the audit
// trigger records the old and new values. The submitter is always the session's user.
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { sql, withActor, type Tx } from '@ctp/db';
import { blockingIssues, evaluateForm, type FieldIssue, type FormDefinition, type SavedSubmission, type SubmissionSaveInput } from '@ctp/contracts';
import { assertActsForSite, canSeeStudy } from '../../access.ts';
import { actorOf } from '../../trpc.ts';
import type { ProcedureCtx } from '../../procedure-context.ts';
import { isUniqueViolation, staleVersion, todayIso } from '../../sql-helpers.ts';
import { currentPublishedVersion, storedDefinition, visibleForm } from '../forms/detail.ts';
import { refreshVisitStatus } from './visit-status.ts';
import { closeMissingFormQuery, syncEditCheckQueries } from '../queries/auto.ts';
import { proposeCoding } from '../coding/decisions.ts';
import { refuse, refuseField } from '../../refusal.ts';

export const STALE_FORM_VERSION = 'A newer version of this form was published; reload the form and enter the data again';
const LOCKED = 'This form is locked; its data can no longer change';
const FROZEN = 'This form is frozen; a data manager must unfreeze it before its data can change';

/** A refusal listing every field issue (BAD_REQUEST with fieldErrors by path). */
function invalidData(issues: FieldIssue[]): TRPCError {
  return new TRPCError({
    code: 'BAD_REQUEST',
    message: issues[0]?.message ?? 'Please check your data and try again.',
    cause: new z.ZodRealError(issues.map((i) => ({ code: 'custom' as const, path: i.path.split('.'), message: i.message, input: undefined }))),
  });
}

function dataChanged(before: unknown, after: string): boolean {
  return JSON.stringify(typeof before === 'string' ? JSON.parse(before) : before) !== after;
}

/** Adverse event records in a filled form: the rows of its repeating groups, or one for a single-event form. */
function adverseEventsIn(libraryDomain: string | null, definition: FormDefinition, values: Record<string, unknown>): number {
  if (libraryDomain !== 'AE') return 0;
  const groups = definition.fields.filter((f) => f.type === 'repeatingGroup');
  if (!groups.length) return Object.keys(values).length ? 1 : 0;
  return groups.reduce((n, g) => n + (Array.isArray(values[g.code]) ? (values[g.code] as unknown[]).length : 0), 0);
}

type FormRow = Awaited<ReturnType<typeof visibleForm>>;
interface PatientRow {
  id: number;
  studyId: number;
  siteId: number;
  archivedAt: Date | null;
}

/** The checks before any write: the form and subject visible to the caller, in one study, neither archived. */
export async function submissionTarget(ctx: ProcedureCtx, input: Pick<SubmissionSaveInput, 'formId' | 'patientId' | 'visitDate'>, now: Date) {
  const form = await visibleForm(ctx, input.formId);
  const patient = await ctx.db.selectFrom('patients').select(['id', 'studyId', 'siteId', 'archivedAt']).where('id', '=', input.patientId).executeTakeFirst();
  if (!patient || !canSeeStudy(ctx.scope, patient.studyId) || patient.studyId !== form.studyId) {
    throw refuse('NOT_FOUND', 'subjectNotInFormStudy');
  }
  assertActsForSite(ctx.scope, patient.studyId, patient.siteId);
  // Archived records are kept as they are: neither an archived subject's nor an archived form's data changes.
  if (patient.archivedAt) throw refuse('PRECONDITION_FAILED', 'subjectArchived');
  if (form.status === 'archived') throw refuse('PRECONDITION_FAILED', 'formArchived');
  if (input.visitDate && input.visitDate > todayIso(now)) throw refuseField('visitDate', 'visitDateFuture');
  return { form, patient };
}

export async function saveSubmission(ctx: ProcedureCtx, input: SubmissionSaveInput, now = new Date()): Promise<SavedSubmission> {
  const { form, patient } = await submissionTarget(ctx, input, now);
  return withActor(ctx.db, actorOf(ctx, input.reason ?? (input.mode === 'submit' ? 'Form submitted' : 'Form draft saved')), (tx) =>
    writeSubmission(tx, ctx, form, patient, input, now),
  );
}

/** The write itself, in the caller's transaction (data entry's own, or a data import's, which writes many). */
export async function writeSubmission(tx: Tx, ctx: ProcedureCtx, form: FormRow, patient: PatientRow, input: SubmissionSaveInput, now: Date): Promise<SavedSubmission> {
  if (input.subjectVisitId) {
    const visit = await tx.selectFrom('subjectVisits').select('id').where('id', '=', input.subjectVisitId).where('patientId', '=', patient.id).executeTakeFirst();
    if (!visit) throw refuse('NOT_FOUND', 'visitNotForSubject');
  }
  // The submission being changed: named by id, or the one already entered for this form at this visit.
  let existingQuery = tx
    .selectFrom('formSubmissions')
    .select(['id', 'formVersionId', 'status', 'version', 'data', 'subjectVisitId', 'sdvAt', 'frozenAt', 'lockedAt'])
    .where('patientId', '=', patient.id)
    .where('formId', '=', form.id);
  if (input.submissionId) existingQuery = existingQuery.where('id', '=', input.submissionId);
  else if (input.subjectVisitId) existingQuery = existingQuery.where('subjectVisitId', '=', input.subjectVisitId);
  const existing = input.submissionId || input.subjectVisitId ? await existingQuery.forUpdate().executeTakeFirst() : undefined;
  if (input.submissionId && !existing) throw refuse('NOT_FOUND', 'submissionNotFound');
  if (existing && input.version !== existing.version) throw staleVersion();
  if (existing?.status === 'locked' || existing?.lockedAt) throw new TRPCError({ code: 'PRECONDITION_FAILED', message: LOCKED });
  if (existing?.frozenAt) throw new TRPCError({ code: 'PRECONDITION_FAILED', message: FROZEN });
  if (existing && existing.status !== 'draft' && input.mode === 'draft') {
    throw refuse('PRECONDITION_FAILED', 'noBackToDraft');
  }

  // The version: a submission keeps the one it was entered in; a new one takes the published version.
  let versionId: number;
  let versionNumber: number;
  let definition: FormDefinition;
  if (existing) {
    const v = await tx.selectFrom('formVersions').select(['id', 'versionNumber', 'definition']).where('id', '=', existing.formVersionId).executeTakeFirstOrThrow();
    [versionId, versionNumber, definition] = [v.id, v.versionNumber, storedDefinition(v.definition)];
  } else {
    if (form.status !== 'active') throw refuse('PRECONDITION_FAILED', 'formNotActive');
    const published = await currentPublishedVersion(tx, form.id);
    if (!published) throw refuse('PRECONDITION_FAILED', 'formNotActive');
    [versionId, versionNumber, definition] = [published.id, published.versionNumber, published.definition];
  }
  if (input.formVersionId && input.formVersionId !== versionId) throw new TRPCError({ code: 'CONFLICT', message: STALE_FORM_VERSION });

  const evaluation = evaluateForm(definition, input.formData);
  const blocking = blockingIssues(evaluation, input.mode);
  if (blocking.length) throw invalidData(blocking);
  const data = JSON.stringify(evaluation.values);
  if (existing && existing.status !== 'draft' && !input.reason && dataChanged(existing.data, data)) {
    throw refuseField('reason', 'reasonForChange');
  }
  const warnings = evaluation.issues.filter((i) => i.severity === 'warning');
  const status = input.mode === 'submit' ? 'submitted' : 'draft';
  const sdvCleared = !!existing?.sdvAt && dataChanged(existing.data, data);
  const values = {
    data,
    status,
    visitDate: input.visitDate ?? null,
    openIssues: JSON.stringify(warnings),
    warningCount: warnings.length,
    adverseEvents: adverseEventsIn(form.libraryDomain, definition, evaluation.values),
  } as const;
  let saved: { id: number; version: number; subjectVisitId: number | null };
  try {
    if (existing) {
      saved = await tx
        .updateTable('formSubmissions')
        .set({
          ...values,
          // The first submit names who submitted and when; later changes keep them (the audit trail has each change).
          submittedAt: existing.status === 'draft' && status === 'submitted' ? sql`now()` : undefined,
          submittedBy: existing.status === 'draft' && status === 'submitted' ? ctx.user.id : undefined,
          // Verified data that changes is no longer verified (the audit trail shows the SDV cleared).
          ...(sdvCleared && { sdvAt: null, sdvBy: null }),
          updatedAt: sql`now()`,
          version: sql`version + 1`,
        })
        .where('id', '=', existing.id)
        .returning(['id', 'version', 'subjectVisitId'])
        .executeTakeFirstOrThrow();
    } else {
      saved = await tx
        .insertInto('formSubmissions')
        .values({
          ...values,
          formId: form.id,
          formVersionId: versionId,
          studyId: patient.studyId,
          siteId: patient.siteId,
          patientId: patient.id,
          subjectVisitId: input.subjectVisitId ?? null,
          submittedAt: status === 'submitted' ? sql`now()` : null,
          submittedBy: status === 'submitted' ? ctx.user.id : null,
          createdBy: ctx.user.id,
        })
        .returning(['id', 'version', 'subjectVisitId'])
        .executeTakeFirstOrThrow();
    }
  } catch (err) {
    if (isUniqueViolation(err)) throw refuse('CONFLICT', 'enteredMeanwhile');
    throw err;
  }
  let queriesRaised = 0;
  if (status === 'submitted') {
    // Each open warning holds one query; a warning that passes now closes its query.
    ({ raised: queriesRaised } = await syncEditCheckQueries(tx, {
      submissionId: saved.id,
      studyId: patient.studyId,
      siteId: patient.siteId,
      patientId: patient.id,
      formId: form.id,
      subjectVisitId: saved.subjectVisitId,
      definition,
      warnings,
      userId: ctx.user.id,
      today: todayIso(now),
    }));
    if (saved.subjectVisitId) await closeMissingFormQuery(tx, saved.subjectVisitId, form.id, ctx.user.id);
    // Adverse event and medical history terms go to coding (a study synonym codes them at once).
    await proposeCoding(tx, { submissionId: saved.id, studyId: patient.studyId, siteId: patient.siteId, definition, values: evaluation.values });
  }
  if (saved.subjectVisitId) await refreshVisitStatus(tx, saved.subjectVisitId, todayIso(now));
  return {
    id: saved.id,
    formId: form.id,
    formVersion: versionNumber,
    formVersionId: versionId,
    patientId: patient.id,
    subjectVisitId: saved.subjectVisitId,
    status,
    version: saved.version,
    warnings,
    queriesRaised,
    sdvCleared,
  };
}
