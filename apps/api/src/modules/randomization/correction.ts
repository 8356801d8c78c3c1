// randomization.correct: a documented correction of one subject's allocation (issue 30 item 3), for the
// cases regulators accept (e.g. the wrong kit given, a stratum entered wrongly and treated per another
// arm). A randomization is never undone: the allocation row stays as it was (append-only), and a
// correction row records the arm it had, the arm it gets, who, when and why; the subject's actual arm
// follows (planned arm stays the randomized one, so SDTM ARM vs ACTARM shows the difference). Only an
// administrator or a data manager of the study's unblinded team (a blinded one would learn the arm),
// with a reason and the password re-entered (and the second factor when enrolled). Audited; the audit
// screens mask its arms for blinded readers.
import { TRPCError } from '@trpc/server';
import { sql, withActor } from '@ctp/db';
import type { CorrectAllocationInput } from '@ctp/contracts';
import { canSeeStudySite } from '../../access.ts';
import type { Config } from '../../config.ts';
import type { ProcedureCtx } from '../../procedure-context.ts';
import { actorOf, fieldError } from '../../trpc.ts';
import { ARMS_BLINDED, inUnblindedTeam, isBlinded } from '../design/blinding.ts';
import { checkReauth, consumeStep } from './reauth.ts';

const NOT_CORRECTED = 'the allocation was not corrected';

export async function correctAllocation(ctx: ProcedureCtx & { config: Config }, input: CorrectAllocationInput) {
  const p = await ctx.db
    .selectFrom('patients as p')
    .innerJoin('studies as s', 's.id', 'p.studyId')
    .select(['p.id', 'p.subjectCode', 'p.studyId', 'p.siteId', 's.blinding'])
    .where('p.id', '=', input.patientId)
    .executeTakeFirst();
  if (!p || !canSeeStudySite(ctx.scope, p.studyId, p.siteId)) throw new TRPCError({ code: 'NOT_FOUND', message: 'Subject not found' });
  if (isBlinded(p.blinding) && !(await inUnblindedTeam(ctx.db, ctx.user, ctx.scope, p.studyId))) throw new TRPCError({ code: 'FORBIDDEN', message: ARMS_BLINDED });
  const step = await checkReauth(ctx, input, NOT_CORRECTED);
  return withActor(ctx.db, actorOf(ctx, `Allocation corrected: ${input.reason}`), async (tx) => {
    await consumeStep(tx, ctx.user.id, step, NOT_CORRECTED);
    const subject = await tx.selectFrom('patients').select(['id', 'actualArmId']).where('id', '=', p.id).forUpdate().executeTakeFirstOrThrow();
    const allocation = await tx.selectFrom('randomizationAllocations').select(['id', 'randomizationNumber', 'armId']).where('patientId', '=', p.id).executeTakeFirst();
    if (!allocation) throw new TRPCError({ code: 'PRECONDITION_FAILED', message: `${p.subjectCode} is not randomized: there is no allocation to correct` });
    const arm = await tx.selectFrom('trialArms').select(['id', 'code', 'name']).where('id', '=', input.armId).where('studyId', '=', p.studyId).executeTakeFirst();
    if (!arm) throw fieldError('armId', 'Choose an arm of this study');
    const from = subject.actualArmId ?? allocation.armId;
    if (from === arm.id) throw fieldError('armId', 'The subject already has this arm; nothing was corrected');
    const correction = await tx
      .insertInto('randomizationCorrections')
      .values({ studyId: p.studyId, allocationId: allocation.id, patientId: p.id, fromArmId: from, toArmId: arm.id, reason: input.reason, correctedBy: ctx.user.id })
      .returning(['id', 'correctedAt'])
      .executeTakeFirstOrThrow();
    await tx
      .updateTable('patients')
      .set({ actualArmId: arm.id, version: sql<number>`version + 1`, updatedAt: sql<Date>`now()` })
      .where('id', '=', p.id)
      .execute();
    return {
      id: correction.id,
      patientId: p.id,
      subjectCode: p.subjectCode,
      randomizationNumber: allocation.randomizationNumber,
      correctedAt: new Date(correction.correctedAt).toISOString(),
      arm: { id: arm.id, code: arm.code, name: arm.name },
    };
  });
}
