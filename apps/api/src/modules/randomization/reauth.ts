// Re-entering the password (and the second factor's code when enrolled) before an act that shows or
// changes arms: emergency unblinding, a correction, approving a planned unblinding. `done` ends each
// refusal ("the subject was not unblinded"). checkReauth runs before the transaction; consumeStep in it,
// so a TOTP code counts once (a replay within its 30 seconds is refused).
import { TRPCError } from '@trpc/server';
import { verifyPassword, type Tx } from '@ctp/db';
import type { Config } from '../../config.ts';
import type { ProcedureCtx } from '../../procedure-context.ts';
import { fieldError } from '../../trpc.ts';
import { openSecret } from '../mfa/secret-box.ts';
import { checkTotp } from '../mfa/totp.ts';

export async function checkReauth(ctx: ProcedureCtx & { config: Config }, input: { password: string; code?: string }, done: string): Promise<number | null> {
  const user = await ctx.db
    .selectFrom('users as u')
    .leftJoin('mfaSecrets as m', (j) => j.onRef('m.userId', '=', 'u.id').on('m.confirmedAt', 'is not', null))
    .select(['u.passwordHash', 'u.mfaEnabledAt', 'm.secretBox', 'm.lastTimeStep'])
    .where('u.id', '=', ctx.user.id)
    .executeTakeFirstOrThrow();
  if (!user.passwordHash || !(await verifyPassword(user.passwordHash, input.password))) throw fieldError('password', `The password is not correct; ${done}`);
  if (!user.mfaEnabledAt || !user.secretBox) return null;
  if (!input.code) throw fieldError('code', `Enter the code from your authenticator app too; ${done}`);
  let secret: string;
  try {
    secret = openSecret(user.secretBox, ctx.config.MFA_ENCRYPTION_KEY);
  } catch {
    throw new TRPCError({ code: 'PRECONDITION_FAILED', message: 'Your two-factor authentication cannot be checked on this server. Ask an administrator to reset it.' });
  }
  const step = await checkTotp(secret, input.code, user.lastTimeStep);
  if (step === null) throw fieldError('code', `The code is not correct; ${done}`);
  return step;
}

export async function consumeStep(tx: Tx, userId: number, step: number | null, done: string): Promise<void> {
  if (step === null) return;
  const used = await tx
    .updateTable('mfaSecrets')
    .set({ lastTimeStep: step })
    .where('userId', '=', userId)
    .where((eb) => eb.or([eb('lastTimeStep', 'is', null), eb('lastTimeStep', '<', step)]))
    .executeTakeFirst();
  if (Number(used.numUpdatedRows) !== 1) throw fieldError('code', `The code is not correct; ${done}`);
}
