import { z } from 'zod';
import {
  id,
  loginInput,
  changePasswordInput,
  completeSetupInput,
  linkInput,
  requestPasswordResetInput,
  setPasswordWithLinkInput,
  setupStatusInput,
  updateProfileInput,
  type CurrentUser,
} from '@ctp/contracts';
import { loadMemberships } from '../../access.ts';
import { router, publicProcedure, authedProcedure, type Context } from '../../trpc.ts';
import type { SessionUser } from './session.ts';
import { login, logout, changePassword } from './service.ts';
import { listOwnSessions, revokeOwnSession, updateOwnName } from './own-sessions.ts';
import { administratorExists, completeSetup } from './setup.ts';
import { findOpenLink } from './links.ts';
import { passwordLinkStatus, requestPasswordReset, setPasswordWithLink } from './password-links.ts';
import { ssoInfoOf } from './oidc.ts';

/** The same answer whether or not the address has an account, so the form cannot list accounts. */
export const PASSWORD_RESET_ANSWER = 'If an active account uses this address, a link to reset its password is on its way.';

/** The signed-in user as the web app sees it: for site staff, their own sites per study, so forms offer only sites the server will accept. */
export async function currentUser(ctx: Context, user: SessionUser): Promise<CurrentUser> {
  const memberships = await ctx.identity.memberships(user.id, () => loadMemberships(ctx.db, user));
  return {
    ...user,
    ownSites: [...memberships.sites].map(([studyId, siteIds]) => ({ studyId, siteIds })),
    studyRoles: [...memberships.roles].map(([studyId, role]) => ({ studyId, role })),
  };
}

export const authRouter = router({
  login: publicProcedure.input(loginInput).mutation(async ({ ctx, input }) => {
    await ctx.loginThrottle.admit(ctx.req.ip);
    const result = await login(ctx.db, input, ctx.req.ip, ctx.req.userAgent, ctx.config);
    // Two-factor authentication: no session yet; the code goes to mfa.verifyLogin (or enrolment first).
    if ('mfa' in result) return result.mfa;
    // An expired password: the page goes on to the single-use link to choose a new one.
    if ('passwordExpired' in result && result.passwordExpired) return { passwordExpired: result.passwordExpired };
    ctx.req.setSessionCookie(result.token, result.expiresAt);
    return currentUser(ctx, result.user);
  }),
  logout: authedProcedure.mutation(async ({ ctx }) => {
    await logout(ctx.db, ctx.sessionId, ctx.user.id, ctx.req.ip);
    ctx.identity.forgetSession(ctx.sessionId);
    ctx.req.setSessionCookie(null);
    return { ok: true };
  }),
  /** The signed-in user, or null: the web app asks this to decide whether to show the login page. */
  me: publicProcedure.query(({ ctx }) => (ctx.user ? currentUser(ctx, ctx.user) : null)),
  /** Whether single sign-on is offered on the log-in page, and the label of its button. */
  ssoInfo: publicProcedure.query(({ ctx }) => ssoInfoOf(ctx.config)),
  /** Whether the first administrator still has to be created, and whether this setup link is open. */
  setupStatus: publicProcedure.input(setupStatusInput).query(async ({ ctx, input }) => {
    if (await administratorExists(ctx.db)) return { needed: false, linkValid: false };
    return { needed: true, linkValid: !!input.token && !!(await findOpenLink(ctx.db, input.token, ['setup'])) };
  }),
  completeSetup: publicProcedure.input(completeSetupInput).mutation(async ({ ctx, input }) => {
    await ctx.loginThrottle.admit(ctx.req.ip);
    const { token, expiresAt, user } = await completeSetup(ctx.db, ctx.config, input, ctx.req.ip, ctx.req.userAgent);
    ctx.req.setSessionCookie(token, expiresAt);
    return currentUser(ctx, user);
  }),
  /** The account a set-password link is for (invitation or reset), or NOT_FOUND when it is spent. */
  passwordLink: publicProcedure.input(linkInput).query(({ ctx, input }) => passwordLinkStatus(ctx.db, input.token)),
  setPassword: publicProcedure.input(setPasswordWithLinkInput).mutation(async ({ ctx, input }) => {
    await ctx.loginThrottle.admit(ctx.req.ip);
    const { email } = await setPasswordWithLink(ctx.db, ctx.config, input, ctx.req.ip);
    ctx.identity.forgetUser((await ctx.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id);
    return { email };
  }),
  requestPasswordReset: publicProcedure.input(requestPasswordResetInput).mutation(async ({ ctx, input }) => {
    await ctx.loginThrottle.admit(ctx.req.ip);
    await requestPasswordReset(ctx.db, ctx.config, input.email, ctx.req.ip);
    return { message: PASSWORD_RESET_ANSWER };
  }),
  /** The signed-in user's live sessions (the profile page), this one marked. */
  mySessions: authedProcedure.query(({ ctx }) => listOwnSessions(ctx.db, ctx.user.id, ctx.sessionId)),
  revokeSession: authedProcedure.input(z.object({ id })).mutation(async ({ ctx, input }) => {
    await revokeOwnSession(ctx.db, ctx.user.id, input.id, ctx.sessionId);
    ctx.identity.forgetSession(input.id);
    return { ok: true };
  }),
  updateProfile: authedProcedure.input(updateProfileInput).mutation(async ({ ctx, input }) => {
    await updateOwnName(ctx.db, ctx.user.id, input.fullName, ctx.req.ip);
    ctx.identity.forgetUser(ctx.user.id);
    return currentUser(ctx, { ...ctx.user, fullName: input.fullName });
  }),
  changePassword: authedProcedure.input(changePasswordInput).mutation(async ({ ctx, input }) => {
    const { token, expiresAt } = await changePassword(ctx.db, ctx.config, ctx.user, input, ctx.req.ip);
    ctx.identity.forgetUser(ctx.user.id); // its other sessions ended with the old password
    ctx.req.setSessionCookie(token, expiresAt);
    return { ok: true };
  }),
});
