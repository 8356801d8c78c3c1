// Study scope: which studies (and, for site staff, which sites) a user may see and act for.
// A study outside the scope does not exist for the user: procedures answer NOT_FOUND, not FORBIDDEN,
// so study codes do not leak.
import { TRPCError } from '@trpc/server';
import { seesAllStudies, SITE_SCOPED_ROLES } from '@ctp/contracts';
import type { Db } from '@ctp/db';
import type { SessionUser } from './modules/auth/session.ts';

export interface StudyScope {
  all: boolean;
  /** Study ids the user is a member of (empty when `all`). */
  studyIds: number[];
  /** For site-scoped memberships: study id -> the site ids the user may act for. */
  sites: Map<number, number[]>;
  siteScoped: boolean;
}

export async function loadScope(db: Db, user: SessionUser): Promise<StudyScope> {
  if (seesAllStudies(user.role)) return { all: true, studyIds: [], sites: new Map(), siteScoped: false };
  const rows = await db
    .selectFrom('studyMemberships')
    .select(['studyId', 'siteId'])
    .where('userId', '=', user.id)
    .orderBy('studyId')
    .orderBy('siteId')
    .execute();
  const siteScoped = SITE_SCOPED_ROLES.includes(user.role);
  const sites = new Map<number, number[]>();
  for (const r of rows) {
    if (siteScoped && r.siteId !== null) sites.set(r.studyId, [...(sites.get(r.studyId) ?? []), r.siteId]);
  }
  return { all: false, studyIds: [...new Set(rows.map((r) => r.studyId))], sites, siteScoped };
}

export function canSeeStudy(scope: StudyScope, studyId: number): boolean {
  return scope.all || scope.studyIds.includes(studyId);
}

/**
 * A record of a study site the user may see: its study is in scope and, for site staff, the site is one
 * of theirs in that study (a membership naming no site sees the whole study).
 */
export function canSeeStudySite(scope: StudyScope, studyId: number, siteId: number): boolean {
  if (!canSeeStudy(scope, studyId)) return false;
  const own = scope.siteScoped ? scope.sites.get(studyId) : undefined;
  return !own || own.includes(siteId);
}

/** Throws NOT_FOUND when the study is outside the user's scope. */
export function assertStudyVisible(scope: StudyScope, studyId: number, what = 'Study'): void {
  if (!canSeeStudy(scope, studyId)) throw new TRPCError({ code: 'NOT_FOUND', message: `${what} not found` });
}

/** Site staff act only for their own sites within a study. */
export function assertActsForSite(scope: StudyScope, studyId: number, siteId: number): void {
  assertStudyVisible(scope, studyId);
  if (!scope.siteScoped) return;
  const allowed = scope.sites.get(studyId);
  if (allowed && !allowed.includes(siteId)) {
    throw new TRPCError({ code: 'FORBIDDEN', message: 'You can act only for your own site in this study' });
  }
}

/** The study ids a list query is restricted to; null means no restriction (admin). */
export function visibleStudyIds(scope: StudyScope): number[] | null {
  return scope.all ? null : scope.studyIds;
}
