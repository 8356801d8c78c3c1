// Planned unblinding of a whole study after database lock (issue 30 item 5): one administrator requests
// it with a reason, another approves it (re-entering the password); the requester cannot approve (and a
// check constraint stands behind). Only a blinded study whose database is locked: the product's database
// lock is casebook.lockStudy, which locks every submitted entry of the study, so "locked" reads as at
// least one locked entry and no submitted entry left unlocked (drafts never reach the database lock).
// Once approved, every member of the study sees arms (design/blinding.ts armsVisible). Audited.
import { TRPCError } from '@trpc/server';
import { sql, withActor, type Db, type Tx } from '@ctp/db';
import type { PlannedUnblindingApproveInput } from '@ctp/contracts';
import { canInStudy } from '../../access.ts';
import type { Config } from '../../config.ts';
import type { ProcedureCtx } from '../../procedure-context.ts';
import { isoOrNull } from '../../sql-helpers.ts';
import { actorOf } from '../../trpc.ts';
import { isBlinded } from '../design/blinding.ts';
import { assertStudyInScope } from '../design/scope.ts';
import { checkReauth, consumeStep } from './reauth.ts';

export const NOT_LOCKED = 'The study\'s database is not locked: lock it (Casebook, lock the study) before unblinding the whole study';
const NOT_APPROVED = 'the study was not unblinded';

/** Whether the study's database is locked (casebook.lockStudy): entries locked, none submitted and open. */
export async function databaseLocked(db: Db | Tx, studyId: number): Promise<boolean> {
  const row = await db
    .selectFrom('formSubmissions')
    .select((eb) => [
      eb.fn.countAll<string>().filterWhere('lockedAt', 'is not', null).as('locked'),
      eb.fn.countAll<string>().filterWhere((w) => w.and([w('status', '<>', 'draft'), w('lockedAt', 'is', null)])).as('open'),
    ])
    .where('studyId', '=', studyId)
    .executeTakeFirstOrThrow();
  return Number(row.locked) > 0 && Number(row.open) === 0;
}

export async function plannedUnblindingStatus(ctx: ProcedureCtx, studyId: number) {
  await assertStudyInScope(ctx.db, ctx.scope, studyId);
  const [study, locked, row] = await Promise.all([
    ctx.db.selectFrom('studies').select('blinding').where('id', '=', studyId).executeTakeFirstOrThrow(),
    databaseLocked(ctx.db, studyId),
    ctx.db
      .selectFrom('plannedUnblindings as u')
      .innerJoin('users as r', 'r.id', 'u.requestedBy')
      .leftJoin('users as a', 'a.id', 'u.approvedBy')
      .select(['u.id', 'u.reason', 'u.requestedBy', 'u.requestedAt', 'u.approvedAt', 'r.fullName as requestedByName', 'a.fullName as approvedByName'])
      .where('u.studyId', '=', studyId)
      .executeTakeFirst(),
  ]);
  const admin = canInStudy(ctx.user, ctx.scope, studyId, 'randomization.unblindStudy');
  const blinded = isBlinded(study.blinding);
  return {
    studyId,
    blinded,
    databaseLocked: locked,
    request: row
      ? {
          id: row.id,
          reason: row.reason,
          requestedBy: row.requestedByName,
          requestedAt: isoOrNull(row.requestedAt)!,
          approvedBy: row.approvedByName,
          approvedAt: isoOrNull(row.approvedAt),
        }
      : null,
    canRequest: admin && blinded && locked && !row,
    canApprove: admin && blinded && locked && !!row && !row.approvedAt && row.requestedBy !== ctx.user.id,
  };
}

export async function requestPlannedUnblinding(ctx: ProcedureCtx, input: { studyId: number; reason: string }) {
  return withActor(ctx.db, actorOf(ctx, `Planned unblinding requested: ${input.reason}`), async (tx) => {
    await assertStudyInScope(tx, ctx.scope, input.studyId);
    await assertBlindedAndLocked(tx, input.studyId);
    // The study row is the lock two simultaneous requests queue on.
    await tx.selectFrom('studies').select('id').where('id', '=', input.studyId).forUpdate().executeTakeFirstOrThrow();
    const open = await tx.selectFrom('plannedUnblindings').select(['id', 'approvedAt']).where('studyId', '=', input.studyId).executeTakeFirst();
    if (open) {
      throw new TRPCError({ code: 'CONFLICT', message: open.approvedAt ? 'The study is already unblinded' : 'An unblinding of this study is already requested: another administrator approves it' });
    }
    const row = await tx
      .insertInto('plannedUnblindings')
      .values({ studyId: input.studyId, reason: input.reason, requestedBy: ctx.user.id })
      .returning(['id', 'requestedAt'])
      .executeTakeFirstOrThrow();
    return { id: row.id, requestedAt: new Date(row.requestedAt).toISOString() };
  });
}

export async function approvePlannedUnblinding(ctx: ProcedureCtx & { config: Config }, input: PlannedUnblindingApproveInput) {
  await assertStudyInScope(ctx.db, ctx.scope, input.studyId);
  const step = await checkReauth(ctx, input, NOT_APPROVED);
  return withActor(ctx.db, actorOf(ctx, 'Planned unblinding approved'), async (tx) => {
    await consumeStep(tx, ctx.user.id, step, NOT_APPROVED);
    const row = await tx.selectFrom('plannedUnblindings').selectAll().where('studyId', '=', input.studyId).forUpdate().executeTakeFirst();
    if (!row) throw new TRPCError({ code: 'PRECONDITION_FAILED', message: 'No unblinding of this study has been requested' });
    if (row.approvedAt) throw new TRPCError({ code: 'CONFLICT', message: 'The study is already unblinded' });
    if (row.requestedBy === ctx.user.id) {
      throw new TRPCError({ code: 'FORBIDDEN', message: 'You requested this unblinding: another administrator must approve it (two people)' });
    }
    await assertBlindedAndLocked(tx, input.studyId);
    const done = await tx
      .updateTable('plannedUnblindings')
      .set({ approvedBy: ctx.user.id, approvedAt: sql<Date>`now()` })
      .where('id', '=', row.id)
      .returning(['id', 'approvedAt'])
      .executeTakeFirstOrThrow();
    return { id: done.id, approvedAt: new Date(done.approvedAt!).toISOString() };
  });
}

async function assertBlindedAndLocked(tx: Tx, studyId: number) {
  const study = await tx.selectFrom('studies').select('blinding').where('id', '=', studyId).executeTakeFirstOrThrow();
  if (!isBlinded(study.blinding)) throw new TRPCError({ code: 'PRECONDITION_FAILED', message: 'This study is open-label: its arms are not blinded' });
  if (!(await databaseLocked(tx, studyId))) throw new TRPCError({ code: 'PRECONDITION_FAILED', message: NOT_LOCKED });
}
