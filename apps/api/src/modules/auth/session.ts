// Opaque session tokens: 32 random bytes sent to the browser, only their sha256 stored. A session
// ends after 30 idle minutes or 12 hours in all, whichever comes first, or at log-out.
import crypto from 'node:crypto';
import { sql, type Db } from '@ctp/db';
import { ROLE_TITLES, SECURITY, role as roleSchema, type Role } from '@ctp/contracts';
import type { IdentityCache } from './identity-cache.ts';

export interface SessionUser {
  id: number;
  email: string;
  fullName: string;
  role: Role;
  title: string;
}

export function newToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

export function toSessionUser(u: { id: number; email: string; fullName: string; role: string }): SessionUser {
  const role = roleSchema.parse(u.role);
  return { id: u.id, email: u.email, fullName: u.fullName, role, title: ROLE_TITLES[role] };
}

/** Sessions are not audited rows (they change on every request); log-in and log-out are, on users. */
export async function createSession(db: Db, userId: number, ip: string | null, userAgent: string | null) {
  const token = newToken();
  const expiresAt = new Date(Date.now() + SECURITY.sessionAbsoluteHours * 3600_000);
  await db
    .insertInto('sessions')
    .values({ userId, tokenHash: hashToken(token), expiresAt, clientIp: ip, userAgent: userAgent?.slice(0, 300) ?? null })
    .execute();
  return { token, expiresAt };
}

export interface ResolvedSession {
  sessionId: number;
  expiresAt: Date;
  user: SessionUser;
}

/**
 * Finds the live session for a token and slides its idle window; null when absent or expired.
 * With a cache, a recently resolved session is answered from memory (identity-cache.ts).
 */
export async function resolveSession(
  db: Db,
  token: string | undefined,
  cache?: IdentityCache,
): Promise<ResolvedSession | null> {
  if (!token || token.length > 200) return null;
  const tokenHash = hashToken(token);
  return cache ? cache.session(tokenHash, () => readSession(db, tokenHash)) : readSession(db, tokenHash);
}

async function readSession(db: Db, tokenHash: string): Promise<ResolvedSession | null> {
  const row = await db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.userId')
    .select(['s.id as sessionId', 's.lastSeenAt', 's.expiresAt', 'u.id', 'u.email', 'u.fullName', 'u.role'])
    .where('s.tokenHash', '=', tokenHash)
    .where('s.revokedAt', 'is', null)
    .where('s.expiresAt', '>', sql<Date>`now()`)
    .where('s.lastSeenAt', '>', sql<Date>`now() - make_interval(mins => ${SECURITY.sessionIdleMinutes})`)
    .where('u.isActive', '=', true)
    .executeTakeFirst();
  if (!row) return null;
  // Touch at most once a minute: the idle window needs minute precision, not a write per request.
  if (Date.now() - new Date(row.lastSeenAt).getTime() > 60_000) {
    await db.updateTable('sessions').set({ lastSeenAt: sql`now()` }).where('id', '=', row.sessionId).execute();
  }
  return { sessionId: row.sessionId, expiresAt: new Date(row.expiresAt), user: toSessionUser(row) };
}

export async function revokeSession(db: Db, sessionId: number) {
  await db.updateTable('sessions').set({ revokedAt: sql`now()` }).where('id', '=', sessionId).execute();
}
