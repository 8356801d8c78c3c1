// Log in, log out and change password. Failed attempts count on the user row (audited), and the
// fifth in a row locks the account for SECURITY.lockoutMinutes.
import { TRPCError } from '@trpc/server';
import { sql, withActor, hashPassword, verifyPassword, type Db } from '@ctp/db';
import { IDENTITY, SECURITY, PASSWORD_LOGIN_DISABLED, type LoginInput, type ChangePasswordInput } from '@ctp/contracts';
import { createSession, revokeSession, toSessionUser, type SessionUser } from './session.ts';
import type { Config } from '../../config.ts';
import { mfaStepAfterPassword } from '../mfa/service.ts';
import { assertPasswordAllowed, passwordExpired, rememberReplacedPassword } from './password-policy.ts';
import { issueLink } from './links.ts';
import { refuse } from '../../refusal.ts';

const INVALID = 'Invalid email or password';
// Verifying against a real hash when the email is unknown keeps response times alike for both cases.
let dummyHash: Promise<string> | null = null;

export async function login(db: Db, input: LoginInput, ip: string | null, userAgent: string | null, config?: Config) {
  const user = await db.selectFrom('users').selectAll().where('email', '=', input.email).executeTakeFirst();
  // An administrator turned this account's password off (or it was made at first single sign-on,
  // without one): the page says to use single sign-on rather than that the password is wrong.
  if (user?.isActive && !user.passwordLogin) throw new TRPCError({ code: 'FORBIDDEN', message: PASSWORD_LOGIN_DISABLED });
  if (!user || !user.isActive || user.passwordHash === null) {
    dummyHash ??= hashPassword('not-a-real-password-0');
    await verifyPassword(await dummyHash, input.password);
    throw new TRPCError({ code: 'UNAUTHORIZED', message: INVALID });
  }
  if (user.lockedUntil && user.lockedUntil > new Date()) {
    throw refuse('TOO_MANY_REQUESTS', 'accountLocked');
  }
  const ok = await verifyPassword(user.passwordHash, input.password);
  if (!ok) {
    const failed = user.failedLoginCount + 1;
    const lock = failed >= SECURITY.maxFailedLogins;
    await withActor(db, { userId: user.id, reason: lock ? 'Account locked after failed log-in attempts' : 'Failed log-in attempt', clientIp: ip }, (tx) =>
      tx
        .updateTable('users')
        .set({
          failedLoginCount: lock ? 0 : failed,
          lockedUntil: lock ? sql<Date>`now() + make_interval(mins => ${SECURITY.lockoutMinutes})` : null,
        })
        .where('id', '=', user.id)
        .execute(),
    );
    throw new TRPCError({ code: 'UNAUTHORIZED', message: INVALID });
  }
  // An expired password (PASSWORD_MAX_AGE_DAYS): no session; the person who just proved it gets a
  // single-use link to choose a new one, and signs in with that.
  if (config && passwordExpired(config, user.passwordChangedAt)) {
    // The failed-attempt count stays: a second factor's wrong codes must keep counting.
    const { path } = await withActor(db, { userId: user.id, reason: 'Password expired: new password required at log-in', clientIp: ip }, (tx) =>
      issueLink(tx, 'password-reset', user.id, null, IDENTITY.passwordResetHours),
    );
    return { passwordExpired: { path } };
  }
  // Two-factor authentication: the session waits for the code (or the enrolment the role requires).
  const mfa = config ? await mfaStepAfterPassword(db, config, user, ip) : null;
  if (mfa) return { mfa };
  await withActor(db, { userId: user.id, reason: 'Log-in', clientIp: ip }, (tx) =>
    tx.updateTable('users').set({ failedLoginCount: 0, lockedUntil: null, lastLoginAt: sql`now()` }).where('id', '=', user.id).execute(),
  );
  const session = await createSession(db, user.id, ip, userAgent);
  return { ...session, user: toSessionUser(user) };
}

/** Ends the session; the log-out is audited as an update of users (last_logout_at, reason 'Log-out'). */
export async function logout(db: Db, sessionId: number, userId: number, ip: string | null) {
  await withActor(db, { userId, reason: 'Log-out', clientIp: ip }, async (tx) => {
    await tx.updateTable('users').set({ lastLogoutAt: sql`now()` }).where('id', '=', userId).execute();
    await revokeSession(tx, sessionId);
  });
}

export async function changePassword(db: Db, config: Config, user: SessionUser, input: ChangePasswordInput, ip: string | null) {
  const row = await db.selectFrom('users').select(['passwordHash']).where('id', '=', user.id).executeTakeFirstOrThrow();
  if (!(await verifyPassword(row.passwordHash, input.currentPassword))) {
    throw refuse('BAD_REQUEST', 'currentPasswordWrong');
  }
  await assertPasswordAllowed(db, config, input.newPassword, { userId: user.id, email: user.email, field: 'newPassword' });
  const passwordHash = await hashPassword(input.newPassword);
  await withActor(db, { userId: user.id, reason: 'Password changed by its owner', clientIp: ip }, async (tx) => {
    await rememberReplacedPassword(tx, config, user.id, row.passwordHash);
    await tx.updateTable('users').set({ passwordHash, passwordChangedAt: sql`now()`, version: sql`version + 1` }).where('id', '=', user.id).execute();
    // Other sessions of this user end: a changed password must lock out whoever knew the old one.
    await tx.updateTable('sessions').set({ revokedAt: sql`now()` }).where('userId', '=', user.id).where('revokedAt', 'is', null).execute();
  });
  return createSession(db, user.id, ip, null);
}
