// randomization.emergencyUnblind: the investigator of the subject's site unblinds one randomized subject
// of a blinded study in an emergency, with a reason, re-entering the password, and the code of the
// second factor when enrolled (every time: an unblinding is not covered by an earlier signature). The
// arm is answered to that investigator only; the event is stored (audited, no arm in it) and the
// study's unblinded team and sponsors are notified in the same transaction. The subject then reads
// "unblinded" on its randomization card and in the allocations list and unblinding report.
import { TRPCError } from '@trpc/server';
import { keyedMessage, type EmergencyUnblindInput } from '@ctp/contracts';
import { withActor } from '@ctp/db';
import { assertActsForSite, canSeeStudySite } from '../../access.ts';
import type { Config } from '../../config.ts';
import type { ProcedureCtx } from '../../procedure-context.ts';
import { actorOf } from '../../trpc.ts';
import { isBlinded } from '../design/blinding.ts';
import { notifyUnblindedTeamAnd } from '../notifications/notify.ts';
import { checkReauth, consumeStep } from './reauth.ts';

const NOT_UNBLINDED = 'the subject was not unblinded';
export const WRONG_PASSWORD = `The password is not correct; ${NOT_UNBLINDED}`;

export async function emergencyUnblind(ctx: ProcedureCtx & { config: Config }, input: EmergencyUnblindInput) {
  const p = await ctx.db
    .selectFrom('patients as p')
    .innerJoin('studies as s', 's.id', 'p.studyId')
    .select(['p.id', 'p.subjectCode', 'p.studyId', 'p.siteId', 's.blinding'])
    .where('p.id', '=', input.patientId)
    .executeTakeFirst();
  if (!p || !canSeeStudySite(ctx.scope, p.studyId, p.siteId)) throw new TRPCError({ code: 'NOT_FOUND', message: 'Subject not found' });
  assertActsForSite(ctx.scope, p.studyId, p.siteId);
  if (!isBlinded(p.blinding)) throw new TRPCError({ code: 'PRECONDITION_FAILED', message: 'This study is open-label: its arms are not blinded' });
  const allocation = await ctx.db
    .selectFrom('randomizationAllocations as a')
    .innerJoin('trialArms as t', 't.id', 'a.armId')
    .select(['a.id', 'a.randomizationNumber', 't.id as armId', 't.code as armCode', 't.name as armName'])
    .where('a.patientId', '=', p.id)
    .executeTakeFirst();
  if (!allocation) throw new TRPCError({ code: 'PRECONDITION_FAILED', message: `${p.subjectCode} is not randomized: there is no arm to unblind` });
  // After a documented correction the subject receives the corrected arm: that is the one to tell.
  const corrected = await ctx.db
    .selectFrom('randomizationCorrections as c')
    .innerJoin('trialArms as t', 't.id', 'c.toArmId')
    .select(['t.id', 't.code', 't.name'])
    .where('c.patientId', '=', p.id)
    .orderBy('c.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const step = await checkReauth(ctx, input, NOT_UNBLINDED);
  const event = await withActor(ctx.db, actorOf(ctx, `Emergency unblinding: ${input.reason}`), async (tx) => {
    await consumeStep(tx, ctx.user.id, step, NOT_UNBLINDED);
    const saved = await tx
      .insertInto('unblindingEvents')
      .values({ studyId: p.studyId, patientId: p.id, allocationId: allocation.id, kind: 'emergency', userId: ctx.user.id, reason: input.reason })
      .returning(['id', 'occurredAt'])
      .executeTakeFirstOrThrow();
    await notifyUnblindedTeamAnd(
      tx,
      p.studyId,
      ['sponsor'],
      {
        kind: 'emergency_unblinding',
        studyId: p.studyId,
        title: keyedMessage('emergencyUnblindingTitle', { subject: p.subjectCode }),
        body: keyedMessage('emergencyUnblindingBody', { number: allocation.randomizationNumber }),
        link: `/casebook/${p.id}`,
      },
      ctx.user.id,
    );
    return saved;
  });
  return {
    id: event.id,
    patientId: p.id,
    subjectCode: p.subjectCode,
    randomizationNumber: allocation.randomizationNumber,
    occurredAt: new Date(event.occurredAt).toISOString(),
    arm: corrected ?? { id: allocation.armId, code: allocation.armCode, name: allocation.armName },
  };
}
