// User administration: administrators only ('user.manage'). Every change names its reason and is
// audited by the database; nothing deletes an account.
import { z } from 'zod';
import { accessReviewInput, id, inviteUserInput, listUsersInput, setPasswordLoginInput, updateUserInput, userActionInput } from '@ctp/contracts';
import { permitted, router } from '../../trpc.ts';
import { listUsers } from './list.ts';
import { accessReviewDownload } from './access-review-download.ts';
import { userDetail } from './detail.ts';
import { setPasswordLogin } from './password-login.ts';
import { mfaSummary, resetUserMfa } from '../mfa/service.ts';
import { deactivateUser, endUserSessions, inviteUser, reactivateUser, sendAccountLink, unlockUser, updateUser } from './write.ts';

const admin = permitted('user.manage');

export const usersRouter = router({
  list: admin.input(listUsersInput).query(({ ctx, input }) => listUsers(ctx.db, input)),
  byId: admin.input(z.object({ id })).query(async ({ ctx, input }) => {
    const user = await userDetail(ctx.db, input.id);
    return { ...user, mfa: await mfaSummary(ctx.db, ctx.config, user) };
  }),
  /** The periodic access review of every account (CSV or PDF; a PDF as base64). */
  accessReview: admin.input(accessReviewInput).query(({ ctx, input }) => accessReviewDownload(ctx, input.format)),
  invite: admin.input(inviteUserInput).mutation(({ ctx, input }) => inviteUser(ctx, input)),
  update: admin.input(updateUserInput).mutation(({ ctx, input }) => updateUser(ctx, input)),
  deactivate: admin.input(userActionInput).mutation(({ ctx, input }) => deactivateUser(ctx, input)),
  reactivate: admin.input(userActionInput).mutation(({ ctx, input }) => reactivateUser(ctx, input)),
  unlock: admin.input(userActionInput).mutation(({ ctx, input }) => unlockUser(ctx, input)),
  endSessions: admin.input(userActionInput).mutation(({ ctx, input }) => endUserSessions(ctx, input)),
  sendLink: admin.input(z.object({ id })).mutation(({ ctx, input }) => sendAccountLink(ctx, input)),
  setPasswordLogin: admin.input(setPasswordLoginInput).mutation(({ ctx, input }) => setPasswordLogin(ctx, input)),
  /** Two-factor authentication reset (a lost phone): the user enrols again; the reason is audited. */
  resetMfa: admin.input(userActionInput).mutation(({ ctx, input }) => resetUserMfa(ctx, input)),
});
