// The profile page's own account: live sessions (where the user is signed in), ending one of them, and the name.
import { sql, withActor, type Db } from '@ctp/db';
import { refuse } from '../../refusal.ts';

export async function listOwnSessions(db: Db, userId: number, currentSessionId: number | null) {
  const rows = await db
    .selectFrom('sessions')
    .select(['id', 'createdAt', 'lastSeenAt', 'clientIp', 'userAgent'])
    .where('userId', '=', userId)
    .where('revokedAt', 'is', null)
    .where('expiresAt', '>', sql<Date>`now()`)
    .orderBy('lastSeenAt', 'desc')
    .limit(50)
    .execute();
  return rows.map((s) => ({
    ...s,
    createdAt: new Date(s.createdAt).toISOString(),
    lastSeenAt: new Date(s.lastSeenAt).toISOString(),
    current: s.id === currentSessionId,
  }));
}

/** Ends another session of the user; this one ends by logging out. */
export async function revokeOwnSession(db: Db, userId: number, sessionId: number, currentSessionId: number | null) {
  if (sessionId === currentSessionId) throw refuse('PRECONDITION_FAILED', 'currentSession');
  const result = await db
    .updateTable('sessions')
    .set({ revokedAt: sql`now()` })
    .where('id', '=', sessionId)
    .where('userId', '=', userId)
    .where('revokedAt', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw refuse('NOT_FOUND', 'sessionNotFound');
}

/** The user's own full name, changed from the profile page (audited on users). */
export async function updateOwnName(db: Db, userId: number, fullName: string, ip: string | null) {
  await withActor(db, { userId, reason: 'Name changed by its owner', clientIp: ip }, (tx) =>
    tx.updateTable('users').set({ fullName, version: sql`version + 1`, updatedAt: sql`now()` }).where('id', '=', userId).execute(),
  );
}
