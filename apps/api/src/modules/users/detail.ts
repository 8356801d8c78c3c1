// One user's page for administrators: the account, its sessions, study memberships, API tokens and
// the audit history of the account (changes to it, and what the user did).
import { sql, type Db } from '@ctp/db';
import { isoOrNull as iso } from '../../sql-helpers.ts';
import { listApiTokens } from '../auth/api-tokens.ts';
import { listOwnSessions } from '../auth/own-sessions.ts';
import { userStatusSql } from './status.ts';
import { refuse } from '../../refusal.ts';

export async function userDetail(db: Db, id: number) {
  const user = await db
    .selectFrom('users as u')
    .select(['u.id', 'u.email', 'u.fullName', 'u.role', 'u.lastLoginAt', 'u.failedLoginCount', 'u.lockedUntil', 'u.invitedAt', 'u.deactivatedAt', 'u.passwordLogin', 'u.createdAt', 'u.version', userStatusSql.as('status')])
    .where('u.id', '=', id)
    .executeTakeFirst();
  if (!user) throw refuse('NOT_FOUND', 'userNotFound');
  const [sessions, memberships, tokens, history] = await Promise.all([
    // The same readers the user's own profile page uses.
    listOwnSessions(db, id, null),
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
    listApiTokens(db, id),
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
    sessions,
    memberships: memberships.map((m) => ({ ...m, createdAt: iso(m.createdAt)!, endedAt: iso(m.endedAt) })),
    apiTokens: tokens,
    history: history.map((h) => ({ ...h, id: Number(h.id), occurredAt: iso(h.occurredAt)!, changedFields: Object.keys((h.changes ?? {}) as object) })).map(({ changes: _c, ...rest }) => rest),
  };
}
