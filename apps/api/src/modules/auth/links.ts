// Single-use links: the first administrator's setup, an invitation, a password reset. The token
// travels once (in the log, an e-mail or the administrator's dialog); only its sha256 is stored, and
// a link is spent when used, replaced when a new one of the same purpose is issued, or lapses.
import { TRPCError } from '@trpc/server';
import { sql, type Db, type Tx } from '@ctp/db';
import type { AccountLinkPurpose } from '@ctp/db';
import { hashToken, newToken } from './session.ts';

export const LINK_PATHS: Record<AccountLinkPurpose, string> = {
  setup: '/setup',
  invitation: '/set-password',
  'password-reset': '/set-password',
};

export const LINK_NOT_VALID = 'This link has expired or was already used. Ask for a new one.';

/** Issues a link (revoking the open ones of the same purpose and user); returns the token and its path. */
export async function issueLink(tx: Tx, purpose: AccountLinkPurpose, userId: number | null, createdBy: number | null, hours: number) {
  let open = tx.updateTable('accountLinks').set({ revokedAt: sql`now()` }).where('purpose', '=', purpose).where('usedAt', 'is', null).where('revokedAt', 'is', null);
  open = userId === null ? open.where('userId', 'is', null) : open.where('userId', '=', userId);
  await open.execute();
  const token = newToken();
  await tx
    .insertInto('accountLinks')
    .values({ purpose, userId, tokenHash: hashToken(token), expiresAt: sql<Date>`now() + make_interval(hours => ${hours})`, createdBy })
    .execute();
  return { token, path: `${LINK_PATHS[purpose]}?token=${token}` };
}

export interface OpenLink {
  id: number;
  purpose: AccountLinkPurpose;
  userId: number | null;
  email: string | null;
  fullName: string | null;
}

/** The open link of a token (not used, revoked or expired), or null. */
export async function findOpenLink(db: Db | Tx, token: string, purposes: AccountLinkPurpose[]): Promise<OpenLink | null> {
  const row = await db
    .selectFrom('accountLinks as l')
    .leftJoin('users as u', 'u.id', 'l.userId')
    .select(['l.id', 'l.purpose', 'l.userId', 'u.email', 'u.fullName'])
    .where('l.tokenHash', '=', hashToken(token))
    .where('l.purpose', 'in', purposes)
    .where('l.usedAt', 'is', null)
    .where('l.revokedAt', 'is', null)
    .where('l.expiresAt', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return row ?? null;
}

/** Marks the link used inside the caller's transaction; a second use in a race finds nothing to spend. */
export async function spendLink(tx: Tx, token: string, purposes: AccountLinkPurpose[]): Promise<OpenLink> {
  const link = await findOpenLink(tx, token, purposes);
  if (!link) throw new TRPCError({ code: 'NOT_FOUND', message: LINK_NOT_VALID });
  const spent = await tx.updateTable('accountLinks').set({ usedAt: sql`now()` }).where('id', '=', link.id).where('usedAt', 'is', null).executeTakeFirst();
  if (Number(spent.numUpdatedRows) !== 1) throw new TRPCError({ code: 'NOT_FOUND', message: LINK_NOT_VALID });
  return link;
}
