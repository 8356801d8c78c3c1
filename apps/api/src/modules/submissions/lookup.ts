// What /data-entry reads: a subject's visits with the forms due at each and how far each is entered
// (submissions.subjectVisits), and one form for a subject and visit: the submission already entered
// with the definition of the version it was entered in, or the published definition for a new entry
// (submissions.get).
import { sql } from '@ctp/db';
import type { FormDefinition, FormValues } from '@ctp/contracts';
import { canSeeStudySite } from '../../access.ts';
import type { ProcedureCtx } from '../../procedure-context.ts';
import { currentPublishedVersion, storedDefinition, visibleForm } from '../forms/detail.ts';
import { refuse } from '../../refusal.ts';

export async function visiblePatient(ctx: ProcedureCtx, patientId: number) {
  const patient = await ctx.db
    .selectFrom('patients')
    .innerJoin('sites', 'sites.id', 'patients.siteId')
    .select(['patients.id', 'patients.subjectCode', 'patients.studyId', 'patients.siteId', 'patients.status', 'sites.name as siteName'])
    .where('patients.id', '=', patientId)
    .executeTakeFirst();
  if (!patient || !canSeeStudySite(ctx.scope, patient.studyId, patient.siteId)) throw refuse('NOT_FOUND', 'subjectNotFound');
  return patient;
}

export interface VisitForms {
  id: number;
  code: string;
  name: string;
  status: string;
  scheduledDate: string;
  actualDate: string | null;
  windowBefore: number;
  windowAfter: number;
  forms: { formId: number; formName: string; submissionId: number | null; submissionStatus: string | null; warningCount: number }[];
}

export async function subjectVisits(ctx: ProcedureCtx, patientId: number) {
  const patient = await visiblePatient(ctx, patientId);
  const { rows } = await sql<VisitForms>`
    select sv.id, vd.code, vd.name, sv.status, sv.scheduled_date, sv.actual_date, vd.window_before, vd.window_days as window_after,
           coalesce((select json_agg(json_build_object('formId', f.id, 'formName', f.name, 'submissionId', s.id,
                                                       'submissionStatus', s.status, 'warningCount', coalesce(s.warning_count, 0)) order by f.name)
                       from visit_forms vf join forms f on f.id = vf.form_id and f.status <> 'archived'
                       left join form_submissions s on s.form_id = f.id and s.subject_visit_id = sv.id
                      where vf.visit_definition_id = vd.id), '[]'::json) as forms
      from subject_visits sv join visit_definitions vd on vd.id = sv.visit_definition_id
     where sv.patient_id = ${patient.id}
     order by vd.sort_order`.execute(ctx.db);
  // Forms of the study that no visit names (logs such as adverse events), entered any time.
  const unscheduled = await sql<{ formId: number; formName: string; submissions: number }>`
    select f.id as form_id, f.name as form_name,
           (select count(*) from form_submissions s where s.form_id = f.id and s.patient_id = ${patient.id})::int as submissions
      from forms f where f.study_id = ${patient.studyId} and f.status = 'active'
       and not exists (select 1 from visit_forms vf where vf.form_id = f.id)
     order by f.name`.execute(ctx.db);
  return {
    patient: { id: patient.id, patientId: patient.subjectCode, studyId: patient.studyId, siteId: patient.siteId, siteName: patient.siteName, status: patient.status },
    visits: rows.map((r) => ({ ...r, forms: (typeof r.forms === 'string' ? JSON.parse(r.forms) : r.forms) as VisitForms['forms'] })),
    unscheduledForms: unscheduled.rows,
  };
}

export interface SubmissionView {
  /** The form's study (its coding dictionary, for instance). */
  studyId: number;
  formId: number;
  formName: string;
  formVersionId: number;
  formVersion: number;
  definition: FormDefinition;
  submission: {
    id: number;
    status: string;
    version: number;
    data: FormValues;
    visitDate: string | null;
    submittedAt: string | null;
    submittedBy: string | null;
  } | null;
}

export async function getSubmission(
  ctx: ProcedureCtx,
  input: { formId: number; patientId?: number; subjectVisitId?: number; submissionId?: number },
): Promise<SubmissionView> {
  const form = await visibleForm(ctx, input.formId);
  // No patient yet: the published version a new entry starts from.
  if (input.patientId === undefined) return publishedView(ctx, form);
  const patient = await visiblePatient(ctx, input.patientId);
  if (patient.studyId !== form.studyId) throw refuse('NOT_FOUND', 'formNotFound');
  let q = ctx.db
    .selectFrom('formSubmissions as s')
    .innerJoin('formVersions as v', 'v.id', 's.formVersionId')
    .leftJoin('users as u', 'u.id', 's.submittedBy')
    .select(['s.id', 's.status', 's.version', 's.data', 's.visitDate', 's.submittedAt', 'u.fullName as submittedBy', 'v.id as versionId', 'v.versionNumber', 'v.definition'])
    .where('s.formId', '=', form.id)
    .where('s.patientId', '=', patient.id);
  if (input.submissionId) q = q.where('s.id', '=', input.submissionId);
  else if (input.subjectVisitId) q = q.where('s.subjectVisitId', '=', input.subjectVisitId);
  const row = input.submissionId || input.subjectVisitId ? await q.executeTakeFirst() : undefined;
  if (row) {
    return {
      formId: form.id,
      studyId: form.studyId,
      formName: form.name,
      formVersionId: row.versionId,
      formVersion: row.versionNumber,
      definition: storedDefinition(row.definition),
      submission: {
        id: row.id,
        status: row.status,
        version: row.version,
        data: (typeof row.data === 'string' ? JSON.parse(row.data) : row.data) as FormValues,
        visitDate: row.visitDate,
        submittedAt: row.submittedAt ? row.submittedAt.toISOString() : null,
        submittedBy: row.submittedBy,
      },
    };
  }
  return publishedView(ctx, form);
}

async function publishedView(ctx: ProcedureCtx, form: { id: number; studyId: number; name: string; status: string }): Promise<SubmissionView> {
  const published = await currentPublishedVersion(ctx.db, form.id);
  if (!published || form.status !== 'active') throw refuse('PRECONDITION_FAILED', 'formNotPublished');
  return { formId: form.id, studyId: form.studyId, formName: form.name, formVersionId: published.id, formVersion: published.versionNumber, definition: published.definition, submission: null };
}
