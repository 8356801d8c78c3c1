// Administrators' changes to accounts. Nothing here deletes: an account is deactivated, and its
// sessions, API tokens and open links end with it at once. The last active administrator can be
// neither deactivated nor given another role, or nobody could administer the deployment.
import { TRPCError } from '@trpc/server';
import { sql, withActor, type Tx } from '@ctp/db';
import { IDENTITY, type InviteUserInput, type UpdateUserInput, type UserActionInput } from '@ctp/contracts';
import { actorOf, type Context } from '../../trpc.ts';
import type { SessionUser } from '../auth/session.ts';
import { createInvitedAccount } from './invitation.ts';
import { issueLink } from '../auth/links.ts';
import { linkEmail } from '../auth/password-links.ts';
import { sendMail } from '../../mail/mailer.ts';
import { refuse } from '../../refusal.ts';

type AdminCtx = Pick<Context, 'db' | 'config' | 'req' | 'identity'> & { user: SessionUser };

/** Taken by every change that could remove an administrator, so two at once cannot remove the last two. */
const ADMINS_LOCK = 7241027;
export const PASSWORD_LOGIN_OFF = 'Password log-in is turned off for this account: it signs in with single sign-on';
const LAST_ADMIN = 'The last active administrator cannot be deactivated or given another role';

/**
 * Taken first in a change that could remove an administrator, before any row lock: two administrators
 * removing each other then run one after the other, and the second sees the first's result.
 */
async function lockAdministrators(tx: Tx) {
  await sql`select pg_advisory_xact_lock(${ADMINS_LOCK})`.execute(tx);
}

async function assertAnotherAdminRemains(tx: Tx, userId: number) {
  const other = await tx
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'admin')
    .where('isActive', '=', true)
    .where('id', '<>', userId)
    .limit(1)
    .executeTakeFirst();
  if (!other) throw new TRPCError({ code: 'PRECONDITION_FAILED', message: LAST_ADMIN });
}

/** An administrator changes other accounts here; their own goes through the profile (and log-out). */
function assertNotSelf(ctx: AdminCtx, id: number, refusal: 'notSelfRole' | 'notSelfDeactivate' | 'notSelfSessions') {
  if (ctx.user.id === id) throw refuse('PRECONDITION_FAILED', refusal);
}

// FOR NO KEY UPDATE: the row is changed, never its key, so the audit rows and sessions that point at it
// (foreign keys take KEY SHARE) are not blocked by it.
async function accountOf(tx: Tx, id: number) {
  const row = await tx.selectFrom('users').selectAll().where('id', '=', id).forNoKeyUpdate().executeTakeFirst();
  if (!row) throw refuse('NOT_FOUND', 'userNotFound');
  return row;
}

/** Ends what lets the account act now: sessions, API tokens and open links. */
async function endAccess(tx: Tx, userId: number, links: boolean) {
  await tx.updateTable('sessions').set({ revokedAt: sql`now()` }).where('userId', '=', userId).where('revokedAt', 'is', null).execute();
  await tx.updateTable('apiTokens').set({ revokedAt: sql`now()` }).where('userId', '=', userId).where('revokedAt', 'is', null).execute();
  if (links) await tx.updateTable('accountLinks').set({ revokedAt: sql`now()` }).where('userId', '=', userId).where('usedAt', 'is', null).where('revokedAt', 'is', null).execute();
}

/** Sends the link by e-mail when SMTP is configured; the administrator is shown it either way. */
async function deliver(ctx: AdminCtx, purpose: 'invitation' | 'password-reset', to: { email: string; fullName: string }, path: string) {
  const emailed = await sendMail(ctx.config, { to: to.email, ...linkEmail(ctx.config, purpose, to.fullName, path) });
  return { purpose, path, emailed };
}

export async function inviteUser(ctx: AdminCtx, input: InviteUserInput) {
  const { user, path } = await withActor(ctx.db, actorOf(ctx, `Invited as ${input.role}`), (tx) => createInvitedAccount(tx, input, ctx.user.id));
  return { user, link: await deliver(ctx, 'invitation', user, path) };
}

export async function updateUser(ctx: AdminCtx, input: UpdateUserInput) {
  if (ctx.user.id === input.id && input.role !== ctx.user.role) assertNotSelf(ctx, input.id, 'notSelfRole');
  const updated = await withActor(ctx.db, actorOf(ctx, input.reason), async (tx) => {
    await lockAdministrators(tx);
    const current = await accountOf(tx, input.id);
    if (current.version !== input.version) throw refuse('CONFLICT', 'userChangedMeanwhile');
    if (current.role === 'admin' && input.role !== 'admin' && current.isActive) await assertAnotherAdminRemains(tx, current.id);
    return tx
      .updateTable('users')
      .set({ fullName: input.fullName, role: input.role, version: sql`version + 1`, updatedAt: sql`now()` })
      .where('id', '=', input.id)
      .returning(['id', 'version'])
      .executeTakeFirstOrThrow();
  });
  ctx.identity.forgetUser(input.id);
  return updated;
}

export async function deactivateUser(ctx: AdminCtx, input: UserActionInput) {
  assertNotSelf(ctx, input.id, 'notSelfDeactivate');
  await withActor(ctx.db, actorOf(ctx, input.reason), async (tx) => {
    await lockAdministrators(tx);
    const current = await accountOf(tx, input.id);
    if (current.deactivatedAt) throw refuse('PRECONDITION_FAILED', 'alreadyDeactivated');
    if (current.role === 'admin' && current.isActive) await assertAnotherAdminRemains(tx, current.id);
    await tx
      .updateTable('users')
      .set({ isActive: false, deactivatedAt: sql`now()`, version: sql`version + 1`, updatedAt: sql`now()` })
      .where('id', '=', input.id)
      .execute();
    await endAccess(tx, input.id, true);
  });
  ctx.identity.forgetUser(input.id);
  return { ok: true };
}

export async function reactivateUser(ctx: AdminCtx, input: UserActionInput) {
  await withActor(ctx.db, actorOf(ctx, input.reason), async (tx) => {
    const current = await accountOf(tx, input.id);
    if (!current.deactivatedAt) throw refuse('PRECONDITION_FAILED', 'notDeactivated');
    // An invitation never accepted stays an invitation: the administrator sends a new link.
    await tx
      .updateTable('users')
      .set({ isActive: current.passwordHash !== null, deactivatedAt: null, failedLoginCount: 0, lockedUntil: null, version: sql`version + 1`, updatedAt: sql`now()` })
      .where('id', '=', input.id)
      .execute();
  });
  ctx.identity.forgetUser(input.id);
  return { ok: true };
}

export async function unlockUser(ctx: AdminCtx, input: UserActionInput) {
  await withActor(ctx.db, actorOf(ctx, input.reason), async (tx) => {
    await accountOf(tx, input.id);
    await tx.updateTable('users').set({ failedLoginCount: 0, lockedUntil: null, version: sql`version + 1`, updatedAt: sql`now()` }).where('id', '=', input.id).execute();
  });
  return { ok: true };
}

export async function endUserSessions(ctx: AdminCtx, input: UserActionInput) {
  assertNotSelf(ctx, input.id, 'notSelfSessions');
  const ended = await withActor(ctx.db, actorOf(ctx, input.reason), async (tx) => {
    await accountOf(tx, input.id);
    const result = await tx.updateTable('sessions').set({ revokedAt: sql`now()` }).where('userId', '=', input.id).where('revokedAt', 'is', null).executeTakeFirst();
    return Number(result.numUpdatedRows);
  });
  ctx.identity.forgetUser(input.id);
  return { ended };
}

/** A new invitation for an account still waiting for one, else a password-reset link. */
export async function sendAccountLink(ctx: AdminCtx, input: { id: number }) {
  const { user, purpose, path } = await withActor(ctx.db, actorOf(ctx, 'Account link sent by an administrator'), async (tx) => {
    const user = await accountOf(tx, input.id);
    if (user.deactivatedAt) throw refuse('PRECONDITION_FAILED', 'reactivateBeforeLink');
    const purpose = user.passwordHash === null ? ('invitation' as const) : ('password-reset' as const);
    if (purpose === 'password-reset' && !user.passwordLogin) throw new TRPCError({ code: 'PRECONDITION_FAILED', message: PASSWORD_LOGIN_OFF });
    const hours = purpose === 'invitation' ? IDENTITY.invitationHours : IDENTITY.passwordResetHours;
    const { path } = await issueLink(tx, purpose, user.id, ctx.user.id, hours);
    return { user, purpose, path };
  });
  return deliver(ctx, purpose, user, path);
}
