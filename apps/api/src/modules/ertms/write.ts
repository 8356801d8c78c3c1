// Creating a submission and moving it along its workflow (contracts' SUBMISSION_TRANSITIONS), enforced
// here: documents are linked while it is a draft; Submit checks that every artifact the submission type
// requires is linked and approved, and records which version of each linked document went out; the
// agency's acknowledgement makes it pending; its answer approves or rejects it. Each step is a
// submission_steps row (date, user, note) and an audited change.
import { TRPCError } from '@trpc/server';
import { sql, withActor, type Tx } from '@ctp/db';
import { can, keyedMessage, SUBMISSION_TRANSITIONS, type Role, type SubmissionCreateInput, type SubmissionStatus, type SubmissionStepInput } from '@ctp/contracts';
import { assertStudyVisible, assertInScope } from '../../access.ts';
import { actorOf, fieldError } from '../../trpc.ts';
import type { ProcedureCtx } from '../../procedure-context.ts';
import { staleVersion, todayIso } from '../../sql-helpers.ts';
import { notifyUser } from '../notifications/notify.ts';
import { documentVisible } from '../etmf/write.ts';
import { refuse, refuseField } from '../../refusal.ts';

interface SubmissionForStep {
  id: number;
  studyId: number;
  status: SubmissionStatus;
  typeCode: string;
  submittedDate: string | null;
  submissionNumber: string;
  version: number;
}

async function lockSubmission(tx: Tx, ctx: ProcedureCtx, id: number, version: number): Promise<SubmissionForStep> {
  const s = await tx
    .selectFrom('regulatorySubmissions')
    .select(['id', 'studyId', 'status', 'typeCode', 'submittedDate', 'submissionNumber', 'version'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!s) throw refuse('NOT_FOUND', 'submissionNotFound');
  assertInScope(ctx.scope, s.studyId, 'Submission not found');
  if (s.version !== version) throw staleVersion();
  return s as SubmissionForStep;
}

async function linkDocuments(tx: Tx, ctx: ProcedureCtx, s: { id: number; studyId: number }, documentIds: number[]) {
  for (const documentId of documentIds) {
    const d = await tx.selectFrom('documents').select(['id', 'studyId', 'siteId', 'status']).where('id', '=', documentId).executeTakeFirst();
    if (!d || !documentVisible(ctx, d.studyId, d.siteId)) throw refuseField('documentId', 'documentNotFound');
    if (d.studyId !== s.studyId) throw fieldError('documentId', "Link documents of the submission's own study");
    if (d.status === 'withdrawn') throw refuseField('documentId', 'withdrawnNotSubmitted');
    await tx.insertInto('submissionDocuments').values({ submissionId: s.id, documentId, studyId: s.studyId, linkedBy: ctx.user.id }).onConflict((oc) => oc.doNothing()).execute();
  }
}

export async function createSubmission(ctx: ProcedureCtx, input: SubmissionCreateInput) {
  assertStudyVisible(ctx.scope, input.studyId);
  const type = await ctx.db.selectFrom('submissionTypes').select('code').where('code', '=', input.typeCode).executeTakeFirst();
  if (!type) throw refuseField('typeCode', 'chooseSubmissionType');
  if (input.reviewerId) {
    const u = await ctx.db.selectFrom('users').select(['role', 'isActive']).where('id', '=', input.reviewerId).executeTakeFirst();
    if (!u || !u.isActive || !can(u.role as Role, 'submission.read')) throw refuseField('reviewerId', 'chooseReviewer');
  }
  return withActor(ctx.db, actorOf(ctx, 'Regulatory submission created'), async (tx) => {
    const { rows } = await sql<{ prefix: string; seq: number }>`
      select split_part(st.code, '-', 1) as prefix, coalesce((select max(seq) from regulatory_submissions where study_id = st.id), 0) + 1 as seq
        from (select id, code from studies where id = ${input.studyId} for update) st`.execute(tx);
    const { prefix, seq } = rows[0]!;
    const studyCode = (await tx.selectFrom('studies').select('code').where('id', '=', input.studyId).executeTakeFirstOrThrow()).code;
    const agencyCode = input.agency === 'Health Canada' ? 'HC' : input.agency;
    const row = await tx
      .insertInto('regulatorySubmissions')
      .values({
        studyId: input.studyId,
        seq,
        submissionNumber: `${agencyCode}-${studyCode}-${String(seq).padStart(3, '0')}`,
        typeCode: input.typeCode,
        agency: input.agency,
        title: input.title,
        agencyReference: input.agencyReference ?? null,
        priority: input.priority,
        dueDate: input.dueDate ?? null,
        reviewerId: input.reviewerId ?? null,
        createdBy: ctx.user.id,
      })
      .returning(['id', 'submissionNumber', 'status', 'version'])
      .executeTakeFirstOrThrow();
    void prefix;
    await tx.insertInto('submissionSteps').values({ submissionId: row.id, studyId: input.studyId, fromStatus: null, toStatus: 'draft', stepDate: todayIso(), actorId: ctx.user.id, note: 'Created' }).execute();
    await linkDocuments(tx, ctx, { id: row.id, studyId: input.studyId }, input.documentIds);
    if (input.reviewerId && input.reviewerId !== ctx.user.id) {
      await notifyUser(tx, input.reviewerId, {
        kind: 'submission_due',
        studyId: input.studyId,
        title: keyedMessage('submissionAssignedTitle', { number: row.submissionNumber }),
        body: input.dueDate ? keyedMessage('submissionDueBody', { title: input.title.slice(0, 200), date: input.dueDate }) : input.title.slice(0, 200),
        link: `/ertms?submission=${row.id}`,
      });
    }
    return row;
  });
}

export async function linkDocument(ctx: ProcedureCtx, input: { id: number; version: number; documentId: number }, unlink = false) {
  return withActor(ctx.db, actorOf(ctx, unlink ? 'Document unlinked from a submission' : 'Document linked to a submission'), async (tx) => {
    const s = await lockSubmission(tx, ctx, input.id, input.version);
    if (s.status !== 'draft') throw refuse('PRECONDITION_FAILED', 'linkWhileDraft');
    if (unlink) await tx.deleteFrom('submissionDocuments').where('submissionId', '=', s.id).where('documentId', '=', input.documentId).execute();
    else await linkDocuments(tx, ctx, s, [input.documentId]);
    return tx.updateTable('regulatorySubmissions').set({ updatedAt: sql`now()`, version: sql`version + 1` }).where('id', '=', s.id).returning(['id', 'version']).executeTakeFirstOrThrow();
  });
}

/** The required artifacts not yet linked as an approved document, named for the refusal. */
async function missingRequirements(tx: Tx, s: SubmissionForStep): Promise<string[]> {
  const { rows } = await sql<{ number: string; name: string }>`
    select a.number, a.name from submission_types t cross join unnest(t.required_artifacts) req(number)
      join tmf_artifacts a on a.number = req.number
     where t.code = ${s.typeCode}
       and not exists (select 1 from submission_documents sd join documents d on d.id = sd.document_id
                        where sd.submission_id = ${s.id} and d.artifact_number = a.number and d.status = 'approved')
     order by a.number`.execute(tx);
  return rows.map((r) => `${r.name} (${r.number})`);
}

export async function stepSubmission(ctx: ProcedureCtx, input: SubmissionStepInput) {
  const date = input.date ?? todayIso();
  if (date > todayIso()) throw refuseField('date', 'dateFuture');
  return withActor(ctx.db, actorOf(ctx, `Submission ${input.to}`), async (tx) => {
    const s = await lockSubmission(tx, ctx, input.id, input.version);
    if (!SUBMISSION_TRANSITIONS[s.status].includes(input.to)) {
      throw refuse('PRECONDITION_FAILED', 'submissionTransition', { fromStatus: s.status, toStatus: input.to });
    }
    if (s.submittedDate && date < s.submittedDate) throw refuseField('date', 'dateBeforeSubmission');
    if (input.to === 'submitted') {
      const missing = await missingRequirements(tx, s);
      if (missing.length) throw new TRPCError({ code: 'PRECONDITION_FAILED', message: `Link an approved document for: ${missing.join(', ')}` });
      // Which version of each linked document went to the agency.
      await sql`update submission_documents sd set submitted_version_id = d.current_version_id from documents d
                 where d.id = sd.document_id and sd.submission_id = ${s.id}`.execute(tx);
    }
    const row = await tx
      .updateTable('regulatorySubmissions')
      .set({
        status: input.to,
        ...(input.to === 'submitted' && { submittedDate: date }),
        ...(input.to === 'pending' && { acknowledgedDate: date }),
        ...((input.to === 'approved' || input.to === 'rejected') && { responseDate: date }),
        ...(input.agencyReference !== undefined && { agencyReference: input.agencyReference }),
        updatedAt: sql`now()`,
        version: sql`version + 1`,
      })
      .where('id', '=', s.id)
      .returning(['id', 'status', 'version'])
      .executeTakeFirstOrThrow();
    await tx.insertInto('submissionSteps').values({ submissionId: s.id, studyId: s.studyId, fromStatus: s.status, toStatus: input.to, stepDate: date, actorId: ctx.user.id, note: input.note ?? null }).execute();
    return row;
  });
}
