// randomization.emergencyUnblind: the investigator of the subject's site unblinds one randomized subject
// of a blinded study in an emergency, with a reason, re-entering the password, and the code of the
// second factor when enrolled (every time: an unblinding is not covered by an earlier signature). The
// arm is answered to that investigator only; the event is stored (audited, no arm in it) and the
// study's unblinded team and sponsors are notified in the same transaction. The subject then reads
// "unblinded" on its randomization card and in the allocations list and unblinding report.
import { TRPCError } from '@trpc/server';
import { keyedMessage, type EmergencyUnblindInput } from '@ctp/contracts';
import { verifyPassword, withActor } from '@ctp/db';
import { assertActsForSite, canSeeStudySite } from '../../access.ts';
import type { Config } from '../../config.ts';
import type { ProcedureCtx } from '../../procedure-context.ts';
import { actorOf, fieldError } from '../../trpc.ts';
import { isBlinded } from '../design/blinding.ts';
import { openSecret } from '../mfa/secret-box.ts';
import { checkTotp } from '../mfa/totp.ts';
import { notifyUnblindedTeamAnd } from '../notifications/notify.ts';

export const WRONG_PASSWORD = 'The password is not correct; the subject was not unblinded';

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
  const user = await ctx.db
    .selectFrom('users as u')
    .leftJoin('mfaSecrets as m', (j) => j.onRef('m.userId', '=', 'u.id').on('m.confirmedAt', 'is not', null))
    .select(['u.passwordHash', 'u.mfaEnabledAt', 'm.secretBox', 'm.lastTimeStep'])
    .where('u.id', '=', ctx.user.id)
    .executeTakeFirstOrThrow();
  if (!user.passwordHash || !(await verifyPassword(user.passwordHash, input.password))) throw fieldError('password', WRONG_PASSWORD);
  let step: number | null = null;
  if (user.mfaEnabledAt && user.secretBox) {
    if (!input.code) throw fieldError('code', 'Enter the code from your authenticator app too; the subject was not unblinded');
    let secret: string;
    try {
      secret = openSecret(user.secretBox, ctx.config.MFA_ENCRYPTION_KEY);
    } catch {
      throw new TRPCError({ code: 'PRECONDITION_FAILED', message: 'Your two-factor authentication cannot be checked on this server. Ask an administrator to reset it.' });
    }
    step = await checkTotp(secret, input.code, user.lastTimeStep);
    if (step === null) throw fieldError('code', 'The code is not correct; the subject was not unblinded');
  }
  const event = await withActor(ctx.db, actorOf(ctx, `Emergency unblinding: ${input.reason}`), async (tx) => {
    if (step !== null) {
      // A code counts once: a replay within its 30 seconds is refused.
      const used = await tx
        .updateTable('mfaSecrets')
        .set({ lastTimeStep: step })
        .where('userId', '=', ctx.user.id)
        .where((eb) => eb.or([eb('lastTimeStep', 'is', null), eb('lastTimeStep', '<', step)]))
        .executeTakeFirst();
      if (Number(used.numUpdatedRows) !== 1) throw fieldError('code', 'The code is not correct; the subject was not unblinded');
    }
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
    arm: { id: allocation.armId, code: allocation.armCode, name: allocation.armName },
  };
}
