// The patients list's filter, shared by list, summary and CSV export, so all three count the same
// subjects. Conditions are AND-combined on `p`:
//   scope    studies the user may see; site-scoped memberships (investigator, coordinator) narrow a
//            study to the user's own sites
//   studyId  NOT_FOUND when the study is not visible; siteId; status
//   search   contains the term, case-insensitive, in the subject code, the study code or the site name.
// `base` (scope, study, site, status) names only study_id, site_id and status, which patient_counts
// (migration 0003) also has, so totals without a search are sums over it. A search resolves the
// matching studies and sites first (small tables) into id arrays, in a CTE of the same statement, so it
// is two parts: subjects of those studies and sites (counted in
// patient_counts, listed through the study and site indexes) and subjects whose own code matches (the
// trigram index on subject_code, migration 0003, in the CTE `code_matches` of a broad search).
// A term of HIDDEN_TERM_MIN_LENGTH characters or more is always matched through the trigram index and the
// study and site indexes, whatever it is, so its statement hides the term, the scope and the offset from
// the planner (hiddenValue, sql-helpers.ts) and PostgreSQL keeps one plan for it instead of planning every
// call (a third of a search's database time at scale 100). Shorter terms cannot use the trigram index;
// their statements show their values and are planned per call.
import { sql } from '@ctp/db';
import type { PatientFilterInput } from '@ctp/contracts';
import { assertStudyVisible, type StudyScope } from '../../access.ts';
import { containsPattern, hiddenIds, hiddenValue, type Fragment } from '../../sql-helpers.ts';

export interface PatientSearch {
  /**
   * CTEs: `places(study_ids, site_ids)`, the studies whose code and sites whose name contain the term;
   * for a broad search also `code_matches(id, status, study_id, site_id)`, the subjects within `base`
   * whose own code matches (read through the trigram index).
   */
  ctes: Fragment[];
  /** The subject code contains the term (on `patients p`). */
  code: Fragment<boolean>;
  /** The matching studies' and sites' ids (int[] expressions over `places`). */
  studyIds: Fragment;
  siteIds: Fragment;
  /** In either (a patients or a patient_counts row). */
  places: Fragment<boolean>;
  /** The whole search: code or places. */
  any: Fragment<boolean>;
}

export interface PatientFilter {
  /** Conditions on p.study_id, p.site_id and p.status (a patients or a patient_counts row). */
  base: Fragment<boolean>;
  /** The search, or null without one. */
  search: PatientSearch | null;
  /**
   * True when `base` alone leaves few subjects (one study, one site, or a site-scoped user): the
   * search is then checked on those rows. Otherwise the search runs first, through its indexes.
   */
  narrow: boolean;
  /** A value as this filter's statements carry it: hidden from the planner or a parameter (see the header). */
  value(value: string | number, type: 'text' | 'int'): Fragment;
}

/** Terms at least this long are matched through the trigram index (pg_trgm needs three characters). */
export const HIDDEN_TERM_MIN_LENGTH = 3;

export function scopeCondition(scope: StudyScope, hideIds = false): Fragment<boolean> | null {
  if (scope.all) return null;
  const whole = scope.studyIds.filter((id) => !scope.sites.has(id));
  const pairs = [...scope.sites].flatMap(([studyId, siteIds]) =>
    siteIds.map((siteId) => sql`(${studyId}::int, ${siteId}::int)`),
  );
  const parts: Fragment<boolean>[] = [];
  if (whole.length) parts.push(sql`p.study_id = any(${hideIds ? hiddenIds(whole) : sql`${whole}::int[]`})`);
  if (pairs.length) parts.push(sql`(p.study_id, p.site_id) in (${sql.join(pairs)})`);
  if (!parts.length) return sql<boolean>`false`;
  return sql<boolean>`(${sql.join(parts, sql` or `)})`;
}

function patientSearch(
  term: string,
  base: Fragment<boolean>,
  narrow: boolean,
  value: PatientFilter['value'],
): PatientSearch {
  const pattern = value(containsPattern(term), 'text');
  const places = sql`places as materialized (
    select array(select id from studies where code ilike ${pattern}) as study_ids,
           array(select id from sites where name ilike ${pattern}) as site_ids)`;
  // Subject codes are upper case (a constraint, migration 0003): LIKE upper(term) finds what ILIKE
  // would, several times faster per row checked.
  const code = sql<boolean>`p.subject_code like upper(${pattern})`;
  // The casts make each a scalar array expression (`any((select ...))` alone reads as a subquery).
  const studyIds = sql`(select study_ids from places)::int[]`;
  const siteIds = sql`(select site_ids from places)::int[]`;
  const inPlaces = sql<boolean>`(p.study_id = any(${studyIds}) or p.site_id = any(${siteIds}))`;
  // Materialized without an order or a limit: the planner reads it through the trigram index rather than
  // walking the whole table newest first in search of matches that may not exist.
  const codeMatches = sql`code_matches as materialized (
    select p.id, p.status, p.study_id, p.site_id from patients p where ${base} and ${code})`;
  const ctes = narrow ? [places] : [places, codeMatches];
  return { ctes, code, studyIds, siteIds, places: inPlaces, any: sql<boolean>`(${code} or ${inPlaces})` };
}

export function patientFilter(scope: StudyScope, input: PatientFilterInput): PatientFilter {
  const conditions: Fragment<boolean>[] = [];
  const hidden = input.search !== undefined && input.search.length >= HIDDEN_TERM_MIN_LENGTH;
  const value: PatientFilter['value'] = (v, type) => (hidden ? hiddenValue(v, type) : sql`${v}`);
  const visible = scopeCondition(scope, hidden);
  if (visible) conditions.push(visible);
  if (input.studyId !== undefined) {
    assertStudyVisible(scope, input.studyId);
    conditions.push(sql`p.study_id = ${value(input.studyId, 'int')}`);
  }
  if (input.siteId !== undefined) conditions.push(sql`p.site_id = ${value(input.siteId, 'int')}`);
  if (input.status) conditions.push(sql`p.status = ${value(input.status, 'text')}`);
  const base = conditions.length ? sql<boolean>`${sql.join(conditions, sql` and `)}` : sql<boolean>`true`;
  const narrow = input.studyId !== undefined || input.siteId !== undefined || scope.sites.size > 0;
  return {
    base,
    search: input.search ? patientSearch(input.search, base, narrow, value) : null,
    narrow,
    value,
  };
}
