import { loginInput, changePasswordInput, type CurrentUser } from '@ctp/contracts';
import { loadScope } from '../../access.ts';
import { router, publicProcedure, authedProcedure, type Context } from '../../trpc.ts';
import type { SessionUser } from './session.ts';
import { login, logout, changePassword } from './service.ts';

/** The signed-in user as the web app sees it: for site staff, their own sites per study, so forms offer only sites the server will accept. */
async function currentUser(ctx: Context, user: SessionUser): Promise<CurrentUser> {
  const scope = await ctx.identity.scope(user.id, () => loadScope(ctx.db, user));
  return { ...user, ownSites: [...scope.sites].map(([studyId, siteIds]) => ({ studyId, siteIds })) };
}

export const authRouter = router({
  login: publicProcedure.input(loginInput).mutation(async ({ ctx, input }) => {
    await ctx.loginThrottle.admit(ctx.req.ip);
    const { token, expiresAt, user } = await login(ctx.db, input, ctx.req.ip, ctx.req.userAgent);
    ctx.req.setSessionCookie(token, expiresAt);
    return currentUser(ctx, user);
  }),
  logout: authedProcedure.mutation(async ({ ctx }) => {
    await logout(ctx.db, ctx.sessionId);
    ctx.identity.forgetSession(ctx.sessionId);
    ctx.req.setSessionCookie(null);
    return { ok: true };
  }),
  /** The signed-in user, or null: the web app asks this to decide whether to show the login page. */
  me: publicProcedure.query(({ ctx }) => (ctx.user ? currentUser(ctx, ctx.user) : null)),
  changePassword: authedProcedure.input(changePasswordInput).mutation(async ({ ctx, input }) => {
    const { token, expiresAt } = await changePassword(ctx.db, ctx.user, input, ctx.req.ip);
    ctx.identity.forgetUser(ctx.user.id); // its other sessions ended with the old password
    ctx.req.setSessionCookie(token, expiresAt);
    return { ok: true };
  }),
});
