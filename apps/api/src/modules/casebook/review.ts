// Review steps on one form entry: SDV (monitors: verify, unverify), freeze and lock (data managers:
// freeze, unfreeze, lock, unlock with a reason), and locking a whole subject's casebook. The database
// itself refuses changes to frozen or locked data (migration 0014); these steps only set the flags.
import { TRPCError } from '@trpc/server';
import { sql, withActor } from '@ctp/db';
import type { ReviewAction } from '@ctp/contracts';
import { assertInScope, canInStudy, canSomewhere, ROLE_IN_STUDY_FORBIDS } from '../../access.ts';
import { actorOf, fieldError } from '../../trpc.ts';
import type { ProcedureCtx } from '../../procedure-context.ts';
import { staleVersion } from '../../sql-helpers.ts';
import { checkOpenQueries, reasonWithOpenQueries } from './open-queries.ts';

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
  if (!canSomewhere(ctx.user, ctx.scope, needs)) throw new TRPCError({ code: 'FORBIDDEN', message: 'Your role does not allow this action' });
  if (input.action === 'unlock' && !input.reason) throw fieldError('reason', 'Give the reason for unlocking');
  // SDV and lock with unresolved queries: only when acknowledged (a lock also with a reason), and recorded.
  let openCodes: string[] = [];
  if (input.action === 'verify' || input.action === 'lock') {
    const s = await ctx.db.selectFrom('formSubmissions').select(['studyId', 'status', 'sdvAt', 'lockedAt']).where('id', '=', input.submissionId).executeTakeFirst();
    const wouldChange = s && s.status !== 'draft' && !(input.action === 'verify' ? s.sdvAt : s.lockedAt);
    if (s && wouldChange && canInStudy(ctx.user, ctx.scope, s.studyId, needs)) {
      openCodes = await checkOpenQueries(ctx.db, { submissionId: input.submissionId }, input.acknowledgeOpenQueries, input.action === 'verify' ? 'verify the source data' : 'lock the entry');
      if (openCodes.length && input.action === 'lock' && !input.reason) throw fieldError('reason', 'Give the reason for locking with open queries');
    }
  }
  return withActor(ctx.db, actorOf(ctx, reasonWithOpenQueries(input.reason ?? DEFAULT_REASON[input.action], openCodes)), async (tx) => {
    const s = await tx
      .selectFrom('formSubmissions')
      .select(['id', 'studyId', 'status', 'version', 'sdvAt', 'frozenAt', 'lockedAt'])
      .where('id', '=', input.submissionId)
      .forUpdate()
      .executeTakeFirst();
    if (!s) throw new TRPCError({ code: 'NOT_FOUND', message: 'Form entry not found' });
  assertInScope(ctx.scope, s.studyId, 'Form entry not found');
    // SDV is a monitor's, freezing and locking a data manager's: by the role held in this study.
    if (!canInStudy(ctx.user, ctx.scope, s.studyId, needs)) throw new TRPCError({ code: 'FORBIDDEN', message: ROLE_IN_STUDY_FORBIDS });
    if (s.version !== input.version) throw staleVersion();
    if (s.status === 'draft') throw new TRPCError({ code: 'PRECONDITION_FAILED', message: 'A draft is reviewed once it is submitted' });
    const refuse = (message: string) => new TRPCError({ code: 'PRECONDITION_FAILED', message });
    const now = sql<Date>`now()`;
    const set = {
      verify: () => (s.sdvAt ? refuse('Already verified') : { sdvAt: now, sdvBy: ctx.user.id }),
      unverify: () => (!s.sdvAt ? refuse('Not verified') : { sdvAt: null, sdvBy: null }),
      freeze: () => (s.frozenAt || s.lockedAt ? refuse('Already frozen or locked') : { frozenAt: now, frozenBy: ctx.user.id }),
      unfreeze: () => (!s.frozenAt ? refuse('Not frozen') : { frozenAt: null, frozenBy: null }),
      lock: () => (s.lockedAt ? refuse('Already locked') : { lockedAt: now, lockedBy: ctx.user.id, frozenAt: null, frozenBy: null }),
      unlock: () => (!s.lockedAt ? refuse('Not locked') : { lockedAt: null, lockedBy: null }),
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
  if (!p) throw new TRPCError({ code: 'NOT_FOUND', message: 'Subject not found' });
  assertInScope(ctx.scope, p.studyId, 'Subject not found');
  const openCodes = await checkOpenQueries(ctx.db, { patientId: p.id }, input.acknowledgeOpenQueries, 'lock the casebook');
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
  const openCodes = await checkOpenQueries(ctx.db, { studyId: input.studyId }, input.acknowledgeOpenQueries, 'lock the study');
  return withActor(ctx.db, actorOf(ctx, reasonWithOpenQueries(input.reason, openCodes)), async (tx) => {
    const r = await sql`update form_submissions set locked_at = now(), locked_by = ${ctx.user.id}, frozen_at = null, frozen_by = null,
        updated_at = now(), version = version + 1
      where study_id = ${input.studyId} and status <> 'draft' and locked_at is null`.execute(tx);
    return { locked: Number(r.numAffectedRows ?? 0) };
  });
}
