// One user's page for administrators: the account, its sessions, study memberships, API tokens and
// the audit history of the account (changes to it, and what the user did).
import { TRPCError } from '@trpc/server';
import { sql, type Db } from '@ctp/db';
import { userStatusSql } from './status.ts';

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

export async function userDetail(db: Db, id: number) {
  const user = await db
    .selectFrom('users as u')
    .select(['u.id', 'u.email', 'u.fullName', 'u.role', 'u.lastLoginAt', 'u.failedLoginCount', 'u.lockedUntil', 'u.invitedAt', 'u.deactivatedAt', 'u.passwordLogin', 'u.createdAt', 'u.version', userStatusSql.as('status')])
    .where('u.id', '=', id)
    .executeTakeFirst();
  if (!user) throw new TRPCError({ code: 'NOT_FOUND', message: 'User not found' });
  const [sessions, memberships, tokens, history] = await Promise.all([
    db
      .selectFrom('sessions')
      .select(['id', 'createdAt', 'lastSeenAt', 'clientIp', 'userAgent'])
      .where('userId', '=', id)
      .where('revokedAt', 'is', null)
      .where('expiresAt', '>', sql<Date>`now()`)
      .orderBy('lastSeenAt', 'desc')
      .limit(50)
      .execute(),
    db
      .selectFrom('studyMemberships as m')
      .innerJoin('studies as s', 's.id', 'm.studyId')
      .leftJoin('sites as t', 't.id', 'm.siteId')
      .select(['m.id', 's.code as studyCode', 's.title as studyTitle', 'm.role', 't.name as siteName', 'm.createdAt', 'm.endedAt'])
      .where('m.userId', '=', id)
      // Present memberships first, then past ones (ended), each by study.
      .orderBy(sql`m.ended_at is not null`)
      .orderBy('s.code')
      .orderBy('m.id')
      .execute(),
    db
      .selectFrom('apiTokens as k')
      .leftJoin('apiTokenUses as use', 'use.tokenId', 'k.id')
      .select(['k.id', 'k.name', 'k.tokenPrefix', 'k.access', 'k.expiresAt', 'k.revokedAt', 'k.createdAt', 'use.lastUsedAt'])
      .where('k.userId', '=', id)
      .orderBy('k.id', 'desc')
      .execute(),
    db
      .selectFrom('auditEvents as a')
      .leftJoin('users as actor', 'actor.id', 'a.actorUserId')
      .select(['a.id', 'a.occurredAt', 'a.tableName', 'a.recordId', 'a.action', 'a.reason', 'a.changes', 'actor.fullName as actorName'])
      .where((eb) =>
        eb.or([
          eb.and([eb('a.tableName', '=', 'users'), eb('a.recordId', '=', String(id))]),
          eb('a.actorUserId', '=', id),
        ]),
      )
      .orderBy('a.id', 'desc')
      .limit(100)
      .execute(),
  ]);
  return {
    ...user,
    lastLoginAt: iso(user.lastLoginAt),
    lockedUntil: iso(user.lockedUntil),
    invitedAt: iso(user.invitedAt),
    deactivatedAt: iso(user.deactivatedAt),
    createdAt: iso(user.createdAt)!,
    sessions: sessions.map((s) => ({ ...s, createdAt: iso(s.createdAt)!, lastSeenAt: iso(s.lastSeenAt)! })),
    memberships: memberships.map((m) => ({ ...m, createdAt: iso(m.createdAt)!, endedAt: iso(m.endedAt) })),
    apiTokens: tokens.map((k) => ({ ...k, expiresAt: iso(k.expiresAt)!, revokedAt: iso(k.revokedAt), createdAt: iso(k.createdAt)!, lastUsedAt: iso(k.lastUsedAt) })),
    history: history.map((h) => ({ ...h, id: Number(h.id), occurredAt: iso(h.occurredAt)!, changedFields: Object.keys((h.changes ?? {}) as object) })).map(({ changes: _c, ...rest }) => rest),
  };
}
