// Two-factor authentication: the signed-in user's own (profile), and the second step of a log-in
// (public: the pending log-in's token stands for the correct password given a moment before).
import { mfaConfirmInput, mfaLoginEnrolInput, mfaLoginInput, mfaPasswordInput, mfaPendingInput } from '@ctp/contracts';
import { authedProcedure, publicProcedure, router } from '../../trpc.ts';
import { currentUser } from '../auth/router.ts';
import {
  completeLoginEnrolment,
  completeMfaLogin,
  confirmOwnEnrolment,
  disableOwnMfa,
  mfaSummary,
  regenerateRecoveryCodes,
  startEnrolment,
  startLoginEnrolment,
} from './service.ts';

export const mfaRouter = router({
  /** The signed-in user's state: on or off, required for their role, recovery codes left. */
  status: authedProcedure.query(({ ctx }) => mfaSummary(ctx.db, ctx.config, ctx.user)),
  /** A new secret with its QR code (shown until confirmed, never again). */
  startEnrolment: authedProcedure.mutation(({ ctx }) => startEnrolment(ctx)),
  confirmEnrolment: authedProcedure.input(mfaConfirmInput).mutation(({ ctx, input }) => confirmOwnEnrolment(ctx, input.code)),
  regenerateRecoveryCodes: authedProcedure.input(mfaPasswordInput).mutation(({ ctx, input }) => regenerateRecoveryCodes(ctx, input.password)),
  disable: authedProcedure.input(mfaPasswordInput).mutation(({ ctx, input }) => disableOwnMfa(ctx, input.password)),

  /** Log-in, second step: the code or a recovery code; sets the session cookie once right. */
  verifyLogin: publicProcedure.input(mfaLoginInput).mutation(async ({ ctx, input }) => {
    await ctx.loginThrottle.admit(ctx.req.ip);
    const { token, expiresAt, user } = await completeMfaLogin(ctx, input);
    ctx.req.setSessionCookie(token, expiresAt);
    return currentUser(ctx, user);
  }),
  /** Log-in of a user whose role requires two-factor authentication and who has none yet. */
  startLoginEnrolment: publicProcedure.input(mfaPendingInput).mutation(async ({ ctx, input }) => {
    await ctx.loginThrottle.admit(ctx.req.ip);
    return startLoginEnrolment(ctx, input.pendingToken);
  }),
  completeLoginEnrolment: publicProcedure.input(mfaLoginEnrolInput).mutation(async ({ ctx, input }) => {
    await ctx.loginThrottle.admit(ctx.req.ip);
    const { token, expiresAt, user, recoveryCodes } = await completeLoginEnrolment(ctx, input);
    ctx.req.setSessionCookie(token, expiresAt);
    return { user: await currentUser(ctx, user), recoveryCodes };
  }),
});
