// A study's team, present and past: each person with their study role, sites and the dates their
// access started and ended (memberships are never deleted, so "who could see this study on 12 March"
// stays answerable).
import { sql, type Db } from '@ctp/db';
import type { Role } from '@ctp/contracts';
import { containsPattern } from '../../sql-helpers.ts';

export interface TeamMember {
  userId: number;
  fullName: string;
  email: string;
  isActive: boolean;
  role: Role;
  sites: { siteId: number; name: string; siteNumber: string }[];
  startedAt: string;
  endedAt: string | null;
}

export async function studyTeam(db: Db, studyId: number) {
  const rows = await db
    .selectFrom('studyMemberships as m')
    .innerJoin('users as u', 'u.id', 'm.userId')
    .leftJoin('sites as s', 's.id', 'm.siteId')
    .select(['m.userId', 'u.fullName', 'u.email', 'u.isActive', 'm.role', 'm.siteId', 's.name as siteName', 's.siteNumber', 'm.createdAt', 'm.endedAt'])
    .where('m.studyId', '=', studyId)
    .orderBy('u.fullName')
    .orderBy('m.createdAt')
    .execute();
  const iso = (d: Date | string) => new Date(d).toISOString();
  const current = new Map<number, TeamMember>();
  const past: TeamMember[] = [];
  for (const r of rows) {
    const site = r.siteId !== null ? [{ siteId: r.siteId, name: r.siteName ?? '', siteNumber: r.siteNumber ?? '' }] : [];
    if (r.endedAt === null) {
      const member = current.get(r.userId);
      if (member) {
        member.sites.push(...site);
        if (iso(r.createdAt) < member.startedAt) member.startedAt = iso(r.createdAt);
      } else {
        current.set(r.userId, { userId: r.userId, fullName: r.fullName, email: r.email, isActive: r.isActive, role: r.role, sites: site, startedAt: iso(r.createdAt), endedAt: null });
      }
    } else {
      past.push({ userId: r.userId, fullName: r.fullName, email: r.email, isActive: r.isActive, role: r.role, sites: site, startedAt: iso(r.createdAt), endedAt: iso(r.endedAt) });
    }
  }
  past.sort((a, b) => (a.endedAt! < b.endedAt! ? 1 : -1));
  return { members: [...current.values()], past };
}

/** Active accounts not on the team now, for the Add member picker (by name or e-mail). */
export async function teamCandidates(db: Db, studyId: number, search: string | undefined) {
  let q = db
    .selectFrom('users as u')
    .select(['u.id', 'u.fullName', 'u.email', 'u.role'])
    .where('u.isActive', '=', true)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('studyMemberships as m').select('m.id').whereRef('m.userId', '=', 'u.id').where('m.studyId', '=', studyId).where('m.endedAt', 'is', null))),
    );
  if (search) {
    const pattern = containsPattern(search.toLowerCase());
    q = q.where(sql<boolean>`lower(u.full_name || ' ' || u.email) like ${pattern}`);
  }
  return q.orderBy('u.fullName').limit(20).execute();
}
