// Review steps on one form entry: SDV (monitors: verify, unverify), freeze and lock (data managers:
// freeze, unfreeze, lock, unlock with a reason), and locking a whole subject's casebook. The database
// itself refuses changes to frozen or locked data (migration 0014); these steps only set the flags.
import { TRPCError } from '@trpc/server';
import { sql, withActor } from '@ctp/db';
import type { ReviewAction, ServerMessageName } from '@ctp/contracts';
import { assertInScope, canInStudy, canSomewhere } from '../../access.ts';
import { actorOf } from '../../trpc.ts';
import type { ProcedureCtx } from '../../procedure-context.ts';
import { staleVersion } from '../../sql-helpers.ts';
import { checkOpenQueries, reasonWithOpenQueries } from './open-queries.ts';
import { refuse, refuseField } from '../../refusal.ts';

const DEFAULT_REASON: Record<ReviewAction, string> = {
  verify: 'Source data verified',
  unverify: 'Source data verification withdrawn',
  freeze: 'Form entry frozen',
  unfreeze: 'Form entry unfrozen',
  lock: 'Form entry locked',
  unlock: 'Form entry unlocked',
};

export async function reviewSubmission(
  ctx: ProcedureCtx,
  input: { submissionId: number; version: number; action: ReviewAction; reason?: string; acknowledgeOpenQueries?: boolean },
) {
  const needs = input.action === 'verify' || input.action === 'unverify' ? 'data.verify' : 'data.lock';
  if (!canSomewhere(ctx.user, ctx.scope, needs)) throw refuse('FORBIDDEN', 'roleForbids');
  if (input.action === 'unlock' && !input.reason) throw refuseField('reason', 'reasonForUnlock');
  // SDV and lock with unresolved queries: only when acknowledged (a lock also with a reason), and recorded.
  let openCodes: string[] = [];
  if (input.action === 'verify' || input.action === 'lock') {
    const s = await ctx.db.selectFrom('formSubmissions').select(['studyId', 'status', 'sdvAt', 'lockedAt']).where('id', '=', input.submissionId).executeTakeFirst();
    const wouldChange = s && s.status !== 'draft' && !(input.action === 'verify' ? s.sdvAt : s.lockedAt);
    if (s && wouldChange && canInStudy(ctx.user, ctx.scope, s.studyId, needs)) {
      openCodes = await checkOpenQueries(ctx.db, { submissionId: input.submissionId }, input.acknowledgeOpenQueries, input.action === 'verify' ? 'openQueriesVerify' : 'openQueriesLockEntry');
      if (openCodes.length && input.action === 'lock' && !input.reason) throw refuseField('reason', 'reasonForLockOpenQueries');
    }
  }
  return withActor(ctx.db, actorOf(ctx, reasonWithOpenQueries(input.reason ?? DEFAULT_REASON[input.action], openCodes)), async (tx) => {
    const s = await tx
      .selectFrom('formSubmissions')
      .select(['id', 'studyId', 'status', 'version', 'sdvAt', 'frozenAt', 'lockedAt'])
      .where('id', '=', input.submissionId)
      .forUpdate()
      .executeTakeFirst();
    if (!s) throw refuse('NOT_FOUND', 'entryNotFound');
  assertInScope(ctx.scope, s.studyId, 'Form entry not found');
    // SDV is a monitor's, freezing and locking a data manager's: by the role held in this study.
    if (!canInStudy(ctx.user, ctx.scope, s.studyId, needs)) throw refuse('FORBIDDEN', 'roleInStudyForbids');
    if (s.version !== input.version) throw staleVersion();
    if (s.status === 'draft') throw refuse('PRECONDITION_FAILED', 'draftNotReviewed');
    const refused = (name: ServerMessageName) => refuse('PRECONDITION_FAILED', name);
    const now = sql<Date>`now()`;
    const set = {
      verify: () => (s.sdvAt ? refused('alreadyVerified') : { sdvAt: now, sdvBy: ctx.user.id }),
      unverify: () => (!s.sdvAt ? refused('notVerified') : { sdvAt: null, sdvBy: null }),
      freeze: () => (s.frozenAt || s.lockedAt ? refused('alreadyFrozenOrLocked') : { frozenAt: now, frozenBy: ctx.user.id }),
      unfreeze: () => (!s.frozenAt ? refused('notFrozen') : { frozenAt: null, frozenBy: null }),
      lock: () => (s.lockedAt ? refused('alreadyLocked') : { lockedAt: now, lockedBy: ctx.user.id, frozenAt: null, frozenBy: null }),
      unlock: () => (!s.lockedAt ? refused('notLocked') : { lockedAt: null, lockedBy: null }),
    }[input.action]();
    if (set instanceof TRPCError) throw set;
    return tx
      .updateTable('formSubmissions')
      .set({ ...set, updatedAt: sql`now()`, version: sql`version + 1` })
      .where('id', '=', s.id)
      .returning(['id', 'version', 'sdvAt', 'frozenAt', 'lockedAt'])
      .executeTakeFirstOrThrow();
  });
}

/** Locks every submitted entry of a subject's casebook (database lock at the subject's end of study). */
export async function lockSubject(ctx: ProcedureCtx, input: { patientId: number; reason: string; acknowledgeOpenQueries?: boolean }) {
  const p = await ctx.db.selectFrom('patients').select(['id', 'studyId']).where('id', '=', input.patientId).executeTakeFirst();
  if (!p) throw refuse('NOT_FOUND', 'subjectNotFound');
  assertInScope(ctx.scope, p.studyId, 'Subject not found');
  const openCodes = await checkOpenQueries(ctx.db, { patientId: p.id }, input.acknowledgeOpenQueries, 'openQueriesLockCasebook');
  return withActor(ctx.db, actorOf(ctx, reasonWithOpenQueries(input.reason, openCodes)), async (tx) => {
    const r = await sql`update form_submissions set locked_at = now(), locked_by = ${ctx.user.id}, frozen_at = null, frozen_by = null,
        updated_at = now(), version = version + 1
      where patient_id = ${p.id} and status <> 'draft' and locked_at is null`.execute(tx);
    return { locked: Number(r.numAffectedRows ?? 0) };
  });
}

/** Database lock at study end: every submitted entry of the study is locked (unlocking stays per entry, with a reason). */
export async function lockStudy(ctx: ProcedureCtx, input: { studyId: number; reason: string; acknowledgeOpenQueries?: boolean }) {
  assertInScope(ctx.scope, input.studyId, 'Study not found');
  const openCodes = await checkOpenQueries(ctx.db, { studyId: input.studyId }, input.acknowledgeOpenQueries, 'openQueriesLockStudy');
  return withActor(ctx.db, actorOf(ctx, reasonWithOpenQueries(input.reason, openCodes)), async (tx) => {
    const r = await sql`update form_submissions set locked_at = now(), locked_by = ${ctx.user.id}, frozen_at = null, frozen_by = null,
        updated_at = now(), version = version + 1
      where study_id = ${input.studyId} and status <> 'draft' and locked_at is null`.execute(tx);
    return { locked: Number(r.numAffectedRows ?? 0) };
  });
}
