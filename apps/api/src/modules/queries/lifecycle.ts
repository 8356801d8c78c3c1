// The query lifecycle, enforced here: raise (data managers, monitors), respond (site staff for their
// own sites, data managers), close and re-open (the raiser, or a data manager; anyone allowed to close
// an automatic query), cancel with a reason, and edit priority, due date, type or description. Every
// step is a message in the thread and an audited change; a step the lifecycle does not allow is 412.
import { sql, withActor, type Tx } from '@ctp/db';
import { keyedMessage, QUERY_TRANSITIONS, type QueryCreateInput, type QueryLifecycle } from '@ctp/contracts';
import { assertActsForSite, canSeeStudySite, assertInScope, roleInStudy } from '../../access.ts';
import { actorOf } from '../../trpc.ts';
import type { ProcedureCtx } from '../../procedure-context.ts';
import { staleVersion, todayIso } from '../../sql-helpers.ts';
import { raiseQuery } from './raise.ts';
import { notifySiteStaff, notifyStudyRole, notifyUser } from '../notifications/notify.ts';
import { refuse } from '../../refusal.ts';

const DATA_ROLES = ['admin', 'data-manager'];

export async function createQuery(ctx: ProcedureCtx, input: QueryCreateInput) {
  const patient = await ctx.db.selectFrom('patients').select(['id', 'studyId', 'siteId']).where('id', '=', input.patientId).executeTakeFirst();
  if (!patient) throw refuse('NOT_FOUND', 'subjectNotFound');
  assertInScope(ctx.scope, patient.studyId, 'Subject not found');
  let formId: number | null = null;
  let visitId: number | null = null;
  if (input.submissionId) {
    const s = await ctx.db.selectFrom('formSubmissions').select(['formId', 'patientId', 'subjectVisitId']).where('id', '=', input.submissionId).executeTakeFirst();
    if (!s || s.patientId !== patient.id) throw refuse('NOT_FOUND', 'entryNotFoundForSubject');
    [formId, visitId] = [s.formId, s.subjectVisitId];
  }
  return withActor(ctx.db, actorOf(ctx, input.reason), (tx) =>
    raiseQuery(tx, {
      studyId: patient.studyId,
      siteId: patient.siteId,
      patientId: patient.id,
      submissionId: input.submissionId ?? null,
      formId,
      subjectVisitId: visitId,
      fieldPath: input.fieldPath ?? null,
      type: input.type,
      origin: 'manual',
      priority: input.priority,
      description: input.description,
      raisedBy: ctx.user.id,
      dueDate: input.dueDate ?? null,
      today: todayIso(),
    }),
  );
}

interface QueryForStep {
  id: number;
  code: string;
  studyId: number;
  siteId: number;
  status: QueryLifecycle;
  raisedBy: number | null;
  version: number;
}

/** The query, visible to the user (site staff: their own sites), locked and at the version they read. */
async function lockQuery(tx: Tx, ctx: ProcedureCtx, id: number, version: number): Promise<QueryForStep> {
  const q = await tx.selectFrom('queries').select(['id', 'code', 'studyId', 'siteId', 'status', 'raisedBy', 'version']).where('id', '=', id).forUpdate().executeTakeFirst();
  if (!q || !canSeeStudySite(ctx.scope, q.studyId, q.siteId)) throw refuse('NOT_FOUND', 'queryNotFound');
  if (q.version !== version) throw staleVersion();
  return q as QueryForStep;
}

function assertStep(q: QueryForStep, to: QueryLifecycle) {
  if (!QUERY_TRANSITIONS[q.status].includes(to)) {
    const refusal = ({ answered: 'queryCannotAnswer', closed: 'queryCannotClose', reopened: 'queryCannotReopen', cancelled: 'queryCannotCancel', open: 'queryCannotReopen' } as const)[to];
    throw refuse('PRECONDITION_FAILED', refusal, { queryStatus: q.status });
  }
}

/** Closing, re-opening, cancelling and editing: the raiser, a data manager, or anyone allowed for an automatic query. */
function assertOwnsDecision(ctx: ProcedureCtx, q: QueryForStep) {
  const role = roleInStudy(ctx.user, ctx.scope, q.studyId);
  if ((role && DATA_ROLES.includes(role)) || q.raisedBy === null || q.raisedBy === ctx.user.id) return;
  throw refuse('FORBIDDEN', 'queryDecider');
}

async function step(
  ctx: ProcedureCtx,
  input: { id: number; version: number; body: string },
  to: QueryLifecycle,
  kind: 'response' | 'resolution' | 'reopen' | 'cancel',
  reason: string,
  check: (q: QueryForStep) => void,
) {
  return withActor(ctx.db, actorOf(ctx, reason), async (tx) => {
    const q = await lockQuery(tx, ctx, input.id, input.version);
    check(q);
    assertStep(q, to);
    const done = to === 'closed' || to === 'cancelled';
    const row = await tx
      .updateTable('queries')
      .set({
        status: to,
        ...(to === 'answered' && { answeredAt: sql`now()` }),
        ...(done && { resolvedAt: sql`now()`, resolvedBy: ctx.user.id }),
        ...(to === 'reopened' && { reopenCount: sql`reopen_count + 1` }),
        updatedAt: sql`now()`,
        version: sql`version + 1`,
      })
      .where('id', '=', q.id)
      .returning(['id', 'status', 'version'])
      .executeTakeFirstOrThrow();
    await tx.insertInto('queryMessages').values({ queryId: q.id, kind, body: input.body, authorId: ctx.user.id }).execute();
    await notifyStep(tx, q, to, ctx.user.id);
    return row;
  });
}

/**
 * Who hears of a step: the raiser (data managers for an automatic query) of an answer; site staff of the
 * rest. Titles name the step with the status word every screen shows ("Query Q-1 re-opened").
 */
async function notifyStep(tx: Tx, q: QueryForStep, to: QueryLifecycle, actor: number) {
  const { code } = q;
  const link = `/queries?q=${code}`;
  const title = keyedMessage(to === 'answered' ? 'queryAnsweredTitle' : to === 'reopened' ? 'queryReopenedTitle' : 'queryClosedTitle', { code });
  if (to === 'answered') {
    const note = { kind: 'query_answered' as const, studyId: q.studyId, title, body: keyedMessage('queryAnsweredBody'), link };
    if (q.raisedBy !== null) {
      if (q.raisedBy !== actor) await notifyUser(tx, q.raisedBy, note);
    } else await notifyStudyRole(tx, q.studyId, ['data-manager'], note, actor);
  } else if (to === 'reopened' || to === 'closed') {
    const kind = to === 'reopened' ? ('query_reopened' as const) : ('query_closed' as const);
    await notifySiteStaff(tx, q.studyId, q.siteId, { kind, studyId: q.studyId, title, body: keyedMessage(to === 'reopened' ? 'queryReopenedBody' : 'queryClosedBody'), link }, actor);
  }
}

export const respondToQuery = (ctx: ProcedureCtx, input: { id: number; version: number; body: string }) =>
  step(ctx, input, 'answered', 'response', 'Query answered', (q) => assertActsForSite(ctx.scope, q.studyId, q.siteId));
export const closeQuery = (ctx: ProcedureCtx, input: { id: number; version: number; body: string }) =>
  step(ctx, input, 'closed', 'resolution', 'Query closed', (q) => assertOwnsDecision(ctx, q));
export const reopenQuery = (ctx: ProcedureCtx, input: { id: number; version: number; body: string }) =>
  step(ctx, input, 'reopened', 'reopen', 'Query re-opened', (q) => assertOwnsDecision(ctx, q));
export const cancelQuery = (ctx: ProcedureCtx, input: { id: number; version: number; body: string }) =>
  step(ctx, input, 'cancelled', 'cancel', input.body, (q) => assertOwnsDecision(ctx, q));

export async function updateQuery(
  ctx: ProcedureCtx,
  input: { id: number; version: number; reason: string; changes: { priority?: string; dueDate?: string | null; description?: string; type?: string } },
) {
  return withActor(ctx.db, actorOf(ctx, input.reason), async (tx) => {
    const q = await lockQuery(tx, ctx, input.id, input.version);
    assertOwnsDecision(ctx, q);
    if (!['open', 'answered', 'reopened'].includes(q.status)) throw refuse('PRECONDITION_FAILED', 'queryClosedNoEdit');
    const c = input.changes;
    return tx
      .updateTable('queries')
      .set({
        ...(c.priority !== undefined && { priority: c.priority }),
        ...(c.dueDate !== undefined && { dueDate: c.dueDate }),
        // A person's text replaces the server's: its key goes with it.
        ...(c.description !== undefined && { description: c.description, descriptionKey: null, descriptionParams: null }),
        ...(c.type !== undefined && { type: c.type }),
        updatedAt: sql`now()`,
        version: sql`version + 1`,
      })
      .where('id', '=', q.id)
      .returning(['id', 'version'])
      .executeTakeFirstOrThrow();
  });
}

/** One query with its thread. */
export async function queryDetail(ctx: ProcedureCtx, id: number) {
  const q = await ctx.db.selectFrom('queries').select(['id', 'studyId', 'siteId']).where('id', '=', id).executeTakeFirst();
  if (!q || !canSeeStudySite(ctx.scope, q.studyId, q.siteId)) throw refuse('NOT_FOUND', 'queryNotFound');
  const messages = await ctx.db
    .selectFrom('queryMessages as m')
    .leftJoin('users as u', 'u.id', 'm.authorId')
    .select(['m.id', 'm.kind', 'm.body', 'm.bodyKey', 'm.bodyParams', 'm.createdAt', 'u.fullName as author'])
    .where('m.queryId', '=', id)
    .orderBy('m.id')
    .execute();
  return { id, messages: messages.map((m) => ({ ...m, createdAt: m.createdAt.toISOString(), author: m.author ?? 'System' })) };
}
