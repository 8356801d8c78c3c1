// Automatic queries. A submitted form's open edit-check warnings each hold one live query (key: the
// check, or the field's range, and the field path); a re-save raises none twice, and a query whose
// check now passes closes itself with a message saying so. A due form still missing when its visit's
// window closes raises a missing-data query (for windows closed in the last 30 days: older gaps were
// there before this pass and are the data manager's to query by hand).
import { sql, type Tx } from '@ctp/db';
import { keyedMessage, type FieldIssue, type FormDefinition, type KeyedMessage, type QueryKind } from '@ctp/contracts';
import { raiseQuery } from './raise.ts';
import { storedText } from '../../stored-text.ts';

const MISSING_WINDOW_DAYS = 30;

function keyOf(issue: FieldIssue): string {
  return issue.checkId ? `check:${issue.checkId}:${issue.path}` : `${issue.kind}:${issue.path}`;
}

/** The note closing a query by itself, in English with its key. */
async function closingNote(tx: Tx, queryId: number, note: KeyedMessage, authorId: number) {
  const body = storedText(note);
  await tx.insertInto('queryMessages').values({ queryId, kind: 'auto_close', body: body.text, bodyKey: body.key, bodyParams: body.params, authorId }).execute();
}

function kindOf(issue: FieldIssue, definition: FormDefinition): QueryKind {
  if (!issue.checkId) return issue.kind === 'required' ? 'missing_data' : 'range_check';
  const check = definition.checks.find((c) => c.id === issue.checkId);
  return check?.kind === 'requiredIf' ? 'missing_data' : check?.kind === 'range' ? 'range_check' : 'consistency_check';
}

export async function syncEditCheckQueries(
  tx: Tx,
  s: { submissionId: number; studyId: number; siteId: number; patientId: number; formId: number; subjectVisitId: number | null; definition: FormDefinition; warnings: FieldIssue[]; userId: number; today: string },
): Promise<{ raised: number; closed: number }> {
  const live = await tx
    .selectFrom('queries')
    .select(['id', 'checkKey'])
    .where('submissionId', '=', s.submissionId)
    .where('origin', '=', 'edit_check')
    .where('status', 'in', ['open', 'answered', 'reopened'])
    .execute();
  const liveKeys = new Set(live.map((q) => q.checkKey));
  const wanted = new Map(s.warnings.map((w) => [keyOf(w), w]));
  let raised = 0;
  for (const [key, w] of wanted) {
    if (liveKeys.has(key)) continue;
    await raiseQuery(tx, {
      studyId: s.studyId,
      siteId: s.siteId,
      patientId: s.patientId,
      submissionId: s.submissionId,
      formId: s.formId,
      subjectVisitId: s.subjectVisitId,
      fieldPath: w.path,
      type: kindOf(w, s.definition),
      origin: 'edit_check',
      checkKey: key,
      priority: 'medium',
      // A built-in check's message travels with its key; an author's message stays as written.
      description: w.messageKey ? { key: w.messageKey, params: w.params ?? {} } : w.message,
      raisedBy: null,
      today: s.today,
    });
    raised++;
  }
  const passing = live.filter((q) => !wanted.has(q.checkKey!));
  for (const q of passing) {
    await tx
      .updateTable('queries')
      .set({ status: 'closed', resolvedAt: sql`now()`, resolvedBy: null, updatedAt: sql`now()`, version: sql`version + 1` })
      .where('id', '=', q.id)
      .execute();
    await closingNote(tx, q.id, keyedMessage('autoClosePasses'), s.userId);
  }
  return { raised, closed: passing.length };
}

/** Missing-data queries for due forms not submitted at visits whose window closed recently (one per form and visit). */
export async function raiseMissingFormQueries(tx: Tx, today: string): Promise<number> {
  const { rows } = await sql<{ studyId: number; siteId: number; patientId: number; visitId: number; formId: number; formName: string; visitName: string }>`
    select p.study_id, p.site_id, p.id as patient_id, sv.id as visit_id, f.id as form_id, f.name as form_name, vd.name as visit_name
      from subject_visits sv
      join visit_definitions vd on vd.id = sv.visit_definition_id
      join patients p on p.id = sv.patient_id and p.archived_at is null
      join visit_forms vf on vf.visit_definition_id = vd.id
      join forms f on f.id = vf.form_id and f.status = 'active'
     where sv.status in ('missed', 'warning')
       and sv.scheduled_date + vd.window_days < ${today}::date
       and sv.scheduled_date + vd.window_days >= ${today}::date - ${MISSING_WINDOW_DAYS}::int
       and not exists (select 1 from form_submissions s where s.subject_visit_id = sv.id and s.form_id = f.id and s.status <> 'draft')
       and not exists (select 1 from queries q where q.subject_visit_id = sv.id and q.check_key = 'missing:' || f.id
                        and q.origin = 'missing_form')
     order by sv.id, f.id
     limit 5000`.execute(tx);
  for (const r of rows) {
    await raiseQuery(tx, {
      studyId: r.studyId,
      siteId: r.siteId,
      patientId: r.patientId,
      formId: r.formId,
      subjectVisitId: r.visitId,
      type: 'missing_data',
      origin: 'missing_form',
      checkKey: `missing:${r.formId}`,
      priority: 'high',
      description: keyedMessage('missingForm', { form: r.formName, visit: r.visitName }),
      raisedBy: null,
      today,
    });
  }
  return rows.length;
}

/** A missing form entered after all: its missing-data query closes itself. */
export async function closeMissingFormQuery(tx: Tx, subjectVisitId: number, formId: number, userId: number): Promise<void> {
  const live = await tx
    .selectFrom('queries')
    .select('id')
    .where('subjectVisitId', '=', subjectVisitId)
    .where('checkKey', '=', `missing:${formId}`)
    .where('status', 'in', ['open', 'answered', 'reopened'])
    .execute();
  for (const q of live) {
    await tx.updateTable('queries').set({ status: 'closed', resolvedAt: sql`now()`, updatedAt: sql`now()`, version: sql`version + 1` }).where('id', '=', q.id).execute();
    await closingNote(tx, q.id, keyedMessage('autoCloseEntered'), userId);
  }
}
