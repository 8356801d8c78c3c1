// An administrator turns an account's password log-in off (it signs in with single sign-on only) or
// back on, with a reason; the change is audited on the users row. Turning it off also revokes the
// account's open password-reset links, and "forgot password" then does nothing for it. Refused for
// one's own account (as every administration action is) and, when turning it off, while single
// sign-on is not configured: the account could not sign in at all.
import { sql, withActor } from '@ctp/db';
import type { SetPasswordLoginInput } from '@ctp/contracts';
import { actorOf, type Context } from '../../trpc.ts';
import type { SessionUser } from '../auth/session.ts';
import { ssoInfoOf } from '../auth/oidc.ts';
import { refuse } from '../../refusal.ts';

type AdminCtx = Pick<Context, 'db' | 'config' | 'req' | 'identity'> & { user: SessionUser };

export async function setPasswordLogin(ctx: AdminCtx, input: SetPasswordLoginInput) {
  if (ctx.user.id === input.id) {
    throw refuse('PRECONDITION_FAILED', 'ownPasswordLogin');
  }
  if (!input.passwordLogin && !ssoInfoOf(ctx.config).enabled) {
    throw refuse('PRECONDITION_FAILED', 'ssoNotConfigured');
  }
  return withActor(ctx.db, actorOf(ctx, input.reason), async (tx) => {
    const current = await tx.selectFrom('users').select(['id', 'passwordLogin']).where('id', '=', input.id).forUpdate().executeTakeFirst();
    if (!current) throw refuse('NOT_FOUND', 'userNotFound');
    if (current.passwordLogin === input.passwordLogin) {
      throw refuse('PRECONDITION_FAILED', input.passwordLogin ? 'passwordLoginAlreadyOn' : 'passwordLoginAlreadyOff');
    }
    const updated = await tx
      .updateTable('users')
      .set({ passwordLogin: input.passwordLogin, version: sql`version + 1`, updatedAt: sql`now()` })
      .where('id', '=', input.id)
      .returning(['id', 'version', 'passwordLogin'])
      .executeTakeFirstOrThrow();
    if (!input.passwordLogin) {
      await tx
        .updateTable('accountLinks')
        .set({ revokedAt: sql`now()` })
        .where('userId', '=', input.id)
        .where('purpose', '=', 'password-reset')
        .where('usedAt', 'is', null)
        .where('revokedAt', 'is', null)
        .execute();
    }
    return updated;
  });
}
