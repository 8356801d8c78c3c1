// Setting a password through a single-use link: an invitation (activates the account) or a password
// reset (ends every session of the account). "Forgot password" issues a reset link by e-mail and
// answers the same whether or not the address belongs to an account.
import { sql, withActor, hashPassword, type Db } from '@ctp/db';
import { IDENTITY, type SetPasswordWithLinkInput } from '@ctp/contracts';
import type { Config } from '../../config.ts';
import { publicUrlOf } from '../../config.ts';
import { sendMail } from '../../mail/mailer.ts';
import { findOpenLink, issueLink, spendLink, LINK_NOT_VALID } from './links.ts';
import { assertPasswordAllowed, rememberReplacedPassword } from './password-policy.ts';
import { TRPCError } from '@trpc/server';

const SET_PASSWORD_PURPOSES = ['invitation', 'password-reset'] as const;

/** What the set-password page shows for a link: whose account and why, or that the link is spent. */
export async function passwordLinkStatus(db: Db, token: string) {
  const link = await findOpenLink(db, token, [...SET_PASSWORD_PURPOSES]);
  if (!link) throw new TRPCError({ code: 'NOT_FOUND', message: LINK_NOT_VALID });
  return { purpose: link.purpose as 'invitation' | 'password-reset', email: link.email!, fullName: link.fullName! };
}

export async function setPasswordWithLink(db: Db, config: Config, input: SetPasswordWithLinkInput, ip: string | null) {
  const open = await findOpenLink(db, input.token, [...SET_PASSWORD_PURPOSES]);
  if (!open) throw new TRPCError({ code: 'NOT_FOUND', message: LINK_NOT_VALID });
  await assertPasswordAllowed(db, config, input.password, { userId: open.userId!, email: open.email!, field: 'password' });
  const passwordHash = await hashPassword(input.password);
  return withActor(db, { userId: null, reason: 'Password set through a single-use link', clientIp: ip }, async (tx) => {
    const link = await spendLink(tx, input.token, [...SET_PASSWORD_PURPOSES]);
    const userId = link.userId!;
    const replaced = await tx.selectFrom('users').select('passwordHash').where('id', '=', userId).executeTakeFirstOrThrow();
    await rememberReplacedPassword(tx, config, userId, replaced.passwordHash);
    // The owner acts from here on: the audit trail records the account's own change.
    await sql`select set_config('app.user_id', ${String(userId)}, true),
                     set_config('app.reason', ${link.purpose === 'invitation' ? 'Invitation accepted: password set' : 'Password reset through a single-use link'}, true)`.execute(tx);
    const updated = await tx
      .updateTable('users')
      .set({
        passwordHash,
        passwordChangedAt: sql`now()`,
        failedLoginCount: 0,
        lockedUntil: null,
        version: sql`version + 1`,
        // An invitation activates the account; a reset never reactivates a deactivated one.
        ...(link.purpose === 'invitation' ? { isActive: true } : {}),
      })
      .where('id', '=', userId)
      .where((eb) => (link.purpose === 'invitation' ? eb.and([eb('deactivatedAt', 'is', null)]) : eb('isActive', '=', true)))
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw new TRPCError({ code: 'NOT_FOUND', message: LINK_NOT_VALID });
    await tx.updateTable('sessions').set({ revokedAt: sql`now()` }).where('userId', '=', userId).where('revokedAt', 'is', null).execute();
    return { email: link.email! };
  });
}

export function linkEmail(config: Config, purpose: 'invitation' | 'password-reset', fullName: string, path: string) {
  const url = publicUrlOf(config) + path;
  const hours = purpose === 'invitation' ? IDENTITY.invitationHours : IDENTITY.passwordResetHours;
  return purpose === 'invitation'
    ? {
        subject: 'Your account on the clinical trial platform',
        text: `Hello ${fullName},\n\nAn administrator created an account for you. Set your password within ${hours} hours here:\n\n${url}\n\nThe link works once.`,
      }
    : {
        subject: 'Reset your password',
        text: `Hello ${fullName},\n\nSomeone asked to reset the password of your account. If it was you, set a new password within ${hours} hours here:\n\n${url}\n\nThe link works once. If it was not you, ignore this message.`,
      };
}

/** Issues a reset link for an active account with a password and e-mails it; the caller answers the same either way. */
export async function requestPasswordReset(db: Db, config: Config, email: string, ip: string | null, onMailFailure?: (err: unknown) => void) {
  const user = await db.selectFrom('users').select(['id', 'fullName', 'email']).where('email', '=', email).where('isActive', '=', true).where('passwordLogin', '=', true).executeTakeFirst();
  if (!user || !config.SMTP_URL) return;
  const { path } = await withActor(db, { userId: user.id, reason: 'Password reset requested from the log-in page', clientIp: ip }, (tx) =>
    issueLink(tx, 'password-reset', user.id, null, IDENTITY.passwordResetHours),
  );
  await sendMail(config, { to: user.email, ...linkEmail(config, 'password-reset', user.fullName, path) }, onMailFailure);
}
