import { loginInput, changePasswordInput } from '@ctp/contracts';
import { router, publicProcedure, authedProcedure } from '../../trpc.ts';
import { login, logout, changePassword } from './service.ts';

export const authRouter = router({
  login: publicProcedure.input(loginInput).mutation(async ({ ctx, input }) => {
    const { token, expiresAt, user } = await login(ctx.db, input, ctx.req.ip, ctx.req.userAgent);
    ctx.req.setSessionCookie(token, expiresAt);
    return user;
  }),
  logout: authedProcedure.mutation(async ({ ctx }) => {
    await logout(ctx.db, ctx.sessionId);
    ctx.req.setSessionCookie(null);
    return { ok: true };
  }),
  /** The signed-in user, or null: the web app asks this to decide whether to show the login page. */
  me: publicProcedure.query(({ ctx }) => ctx.user),
  changePassword: authedProcedure.input(changePasswordInput).mutation(async ({ ctx, input }) => {
    const { token, expiresAt } = await changePassword(ctx.db, ctx.user, input, ctx.req.ip);
    ctx.req.setSessionCookie(token, expiresAt);
    return { ok: true };
  }),
});
