// Study scope: which studies (and, for site staff, which sites) a user may see and act for, from their
// study memberships. The rule (README, "Who may do what"):
//   - administrators (global role admin) see and act for every study;
//   - everyone else acts in a study with the role of their open membership in that study (and, for
//     site roles, only for the sites that membership names); one person can be the investigator at
//     one study's site and a monitor in another study;
//   - the global role only decides what is not about one study (administration, creating studies,
//     reference data such as the CDISC catalogue or coding dictionaries).
// A study outside the memberships does not exist for the user: procedures answer NOT_FOUND, not
// FORBIDDEN, so study codes do not leak. A study they belong to with a role that does not allow the
// action answers FORBIDDEN.
import { TRPCError } from '@trpc/server';
import { can, seesAllStudies, SITE_SCOPED_ROLES, type Permission, type Role } from '@ctp/contracts';
import type { Db } from '@ctp/db';
import type { SessionUser } from './modules/auth/session.ts';
import { refuse } from './refusal.ts';

/** The user's open memberships, as read once per request (or from the identity cache). */
export interface Memberships {
  all: boolean;
  /** Study id -> the role the user holds in that study. */
  roles: Map<number, Role>;
  /** Study id -> the sites of a site-scoped membership (absent: the whole study). */
  sites: Map<number, number[]>;
}

export interface StudyScope {
  all: boolean;
  /** Studies whose membership role grants the permission being exercised (empty when `all`). */
  studyIds: number[];
  /** Every study the user is a member of, whatever the role. */
  memberOf: number[];
  /** For site-scoped memberships: study id -> the site ids the user may act for. */
  sites: Map<number, number[]>;
  /** True when any membership is narrowed to sites. */
  siteScoped: boolean;
  /** Study id -> the role held there. */
  roles: Map<number, Role>;
}

export async function loadMemberships(db: Db, user: SessionUser): Promise<Memberships> {
  if (seesAllStudies(user.role)) return { all: true, roles: new Map(), sites: new Map() };
  const rows = await db
    .selectFrom('studyMemberships')
    .select(['studyId', 'siteId', 'role'])
    .where('userId', '=', user.id)
    .where('endedAt', 'is', null)
    .orderBy('studyId')
    .orderBy('siteId')
    .execute();
  const roles = new Map<number, Role>();
  const sites = new Map<number, number[]>();
  const wholeStudy = new Set<number>();
  for (const r of rows) {
    // One role per study (the Team tab keeps it so); should rows disagree, the first one read counts.
    if (!roles.has(r.studyId)) roles.set(r.studyId, r.role);
    if (!SITE_SCOPED_ROLES.includes(r.role) || r.siteId === null) wholeStudy.add(r.studyId);
    else sites.set(r.studyId, [...(sites.get(r.studyId) ?? []), r.siteId]);
  }
  for (const studyId of wholeStudy) sites.delete(studyId);
  return { all: false, roles, sites };
}

/** The scope for one permission: the studies where the user's role grants it. */
export function scopeFor(memberships: Memberships, permission: Permission | null): StudyScope {
  if (memberships.all) return { all: true, studyIds: [], memberOf: [], sites: new Map(), siteScoped: false, roles: new Map() };
  const memberOf = [...memberships.roles.keys()];
  const studyIds = permission === null ? memberOf : memberOf.filter((id) => can(memberships.roles.get(id)!, permission));
  return { all: false, studyIds, memberOf, sites: memberships.sites, siteScoped: memberships.sites.size > 0, roles: memberships.roles };
}

/** Whether the user may exercise the permission somewhere: in a study through a membership, or by the global role. */
export function holdsPermission(user: SessionUser, memberships: Memberships, permission: Permission): boolean {
  if (can(user.role, permission)) return true;
  for (const role of memberships.roles.values()) if (can(role, permission)) return true;
  return false;
}

/** The role the user acts with in a study: 'admin' for administrators, else their membership role there (null: not a member). */
export function roleInStudy(user: SessionUser, scope: StudyScope, studyId: number): Role | null {
  if (scope.all || user.role === 'admin') return 'admin';
  return scope.roles.get(studyId) ?? null;
}

/** Whether the user's role in this study grants a permission (a second permission checked inside a procedure). */
export function canInStudy(user: SessionUser, scope: StudyScope, studyId: number, permission: Permission): boolean {
  const role = roleInStudy(user, scope, studyId);
  return role !== null && can(role, permission);
}

/** Whether the user holds a permission in any of the studies of the scope, or by the global role (lists across studies). */
export function canSomewhere(user: SessionUser, scope: StudyScope, permission: Permission): boolean {
  if (can(user.role, permission) && (scope.all || user.role === 'admin')) return true;
  return [...scope.roles.values()].some((role) => can(role, permission));
}

/** The scope narrowed to the studies where the user's role also grants a second permission. */
export function narrowScope(user: SessionUser, scope: StudyScope, permission: Permission): StudyScope {
  if (scope.all) return scope;
  return { ...scope, studyIds: scope.studyIds.filter((id) => canInStudy(user, scope, id, permission)) };
}

/** For compatibility with callers that need every membership (the signed-in user's own sites). */
export async function loadScope(db: Db, user: SessionUser): Promise<StudyScope> {
  return scopeFor(await loadMemberships(db, user), null);
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
  const own = scope.sites.get(studyId);
  return !own || own.includes(siteId);
}

export const ROLE_IN_STUDY_FORBIDS = 'Your role in this study does not allow this action';

/** NOT_FOUND when the study is outside the user's memberships; FORBIDDEN when their role there does not allow the action. */
export function assertStudyVisible(scope: StudyScope, studyId: number, what = 'Study'): void {
  if (canSeeStudy(scope, studyId)) return;
  if (scope.memberOf.includes(studyId)) throw new TRPCError({ code: 'FORBIDDEN', message: ROLE_IN_STUDY_FORBIDS });
  throw new TRPCError({ code: 'NOT_FOUND', message: `${what} not found` });
}

/** As assertStudyVisible, with the whole NOT_FOUND message (the record the study was reached through). */
export function assertInScope(scope: StudyScope, studyId: number, notFoundMessage: string): void {
  if (canSeeStudy(scope, studyId)) return;
  if (scope.memberOf.includes(studyId)) throw new TRPCError({ code: 'FORBIDDEN', message: ROLE_IN_STUDY_FORBIDS });
  throw new TRPCError({ code: 'NOT_FOUND', message: notFoundMessage });
}

/** Site staff act only for their own sites within a study. */
export function assertActsForSite(scope: StudyScope, studyId: number, siteId: number): void {
  assertStudyVisible(scope, studyId);
  const allowed = scope.sites.get(studyId);
  if (allowed && !allowed.includes(siteId)) {
    throw refuse('FORBIDDEN', 'ownSiteOnly');
  }
}

/** The study ids a list query is restricted to; null means no restriction (admin). */
export function visibleStudyIds(scope: StudyScope): number[] | null {
  return scope.all ? null : scope.studyIds;
}
