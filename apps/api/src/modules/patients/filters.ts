// The patients list's filter, shared by list, summary and CSV export, so all three count the same
// subjects. Conditions are AND-combined on `p`:
//   scope    studies the user may see; site-scoped memberships (investigator, coordinator) narrow a
//            study to the user's own sites
//   studyId  NOT_FOUND when the study is not visible; siteId; status
//   search   contains the term, case-insensitive, in the subject code, the study code or the site name.
// `base` (scope, study, site, status) names only study_id, site_id and status, which patient_counts
// (migration 0003) also has, so totals without a search are sums over it, or over study_patient_counts
// (migration 0009) when no condition names a site. A search resolves the
// matching studies and sites first (small tables) into id arrays, in a CTE of the same statement, so it
// is two parts: subjects of those studies and sites (counted in
// patient_counts, listed through the study and site indexes) and subjects whose own code matches (the
// trigram index on subject_code, migration 0003, in the CTE `code_matches` of a broad search).
// Statements hide their values (the scope, the study, site and status, a search term, and without a
// search the page's offset: hiddenOffsetWindow) from the planner (hiddenValue, sql-helpers.ts), so that
// PostgreSQL keeps one plan per statement instead of planning every call (a third of a search's
// database time, half of a deep page's, at scale 100). That holds because the plans do not hinge on the
// values: a term of HIDDEN_TERM_MIN_LENGTH characters or more is always matched through the trigram
// index and the study and site indexes, and without a search the choice that does hinge on them (sort
// the few matches, or walk an index newest first) is made when the statement runs (plan.ts). Shorter
// terms cannot use the trigram index; their statements show their values and are planned per call.
// The scope comes in two forms: `base` checks each row read against a hash of the scope's study ids, for
// rows found through another index (newest first through the primary key, a site's or a study's index, the
// trigram index), where a reusable plan would otherwise compare each row with every id in turn (3 ms for a
// 200-study scope and 4,800 rows, against 0.6 ms hashed); `indexedBase` names it as an index condition on
// study_id (`= any(ids)`), to read the scope's subjects through that index.
import { sql } from '@ctp/db';
import type { PatientFilterInput } from '@ctp/contracts';
import { assertStudyVisible, type StudyScope } from '../../access.ts';
import { containsPattern, hiddenIds, hiddenValue, type Fragment } from '../../sql-helpers.ts';
import { inStudies } from '../studies/scope-sql.ts';

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
  /** The same conditions with the scope as an index condition on p.study_id (see the header). */
  indexedBase: Fragment<boolean>;
  /** True when the conditions name p.site_id (a site filter, or site staff's own sites). */
  namesSite: boolean;
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

/**
 * How a scope's study ids are written: as parameters the planner sees (`param`), hidden from it as an
 * index condition (`hidden`), or hidden and checked through a hash of the ids (`hashed`; see the header).
 */
export type ScopeForm = 'param' | 'hidden' | 'hashed';

export function scopeCondition(scope: StudyScope, form: ScopeForm = 'param'): Fragment<boolean> | null {
  if (scope.all) return null;
  const whole = scope.studyIds.filter((id) => !scope.sites.has(id));
  const pairs = [...scope.sites].flatMap(([studyId, siteIds]) =>
    siteIds.map((siteId) => sql`(${studyId}::int, ${siteId}::int)`),
  );
  const parts: Fragment<boolean>[] = [];
  if (whole.length) {
    // A hashed subplan: IN over a set, kept from becoming a join (which would lose the walk's order) by IS TRUE.
    if (form === 'hashed') parts.push(sql`(p.study_id in (select unnest(${hiddenIds(whole)}))) is true`);
    else if (form === 'hidden') parts.push(sql`p.study_id = any(${hiddenIds(whole)})`);
    else parts.push(inStudies('p.study_id', whole));
  }
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

/**
 * The scope left to check once the filter names a visible study: none, or that study's own sites for a
 * site-scoped membership.
 */
function scopeWithinStudy(scope: StudyScope, studyId: number): StudyScope {
  const sites = scope.sites.get(studyId);
  if (!sites) return { all: true, studyIds: [], memberOf: [], sites: new Map(), siteScoped: false, roles: new Map() };
  return { ...scope, studyIds: [studyId], sites: new Map([[studyId, sites]]) };
}

export function patientFilter(scope: StudyScope, input: PatientFilterInput): PatientFilter {
  const hidden = input.search === undefined || input.search.length >= HIDDEN_TERM_MIN_LENGTH;
  const value: PatientFilter['value'] = (v, type) => (hidden ? hiddenValue(v, type) : sql`${v}`);
  const rest: Fragment<boolean>[] = [];
  let visible = scope;
  if (input.studyId !== undefined) {
    assertStudyVisible(scope, input.studyId);
    visible = scopeWithinStudy(scope, input.studyId);
    rest.push(sql`p.study_id = ${value(input.studyId, 'int')}`);
  }
  if (input.siteId !== undefined) rest.push(sql`p.site_id = ${value(input.siteId, 'int')}`);
  if (input.status) rest.push(sql`p.status = ${value(input.status, 'text')}`);
  const and = (form: ScopeForm) => {
    const condition = scopeCondition(visible, form);
    const conditions = condition ? [condition, ...rest] : rest;
    return conditions.length ? sql<boolean>`${sql.join(conditions, sql` and `)}` : sql<boolean>`true`;
  };
  const narrow = input.studyId !== undefined || input.siteId !== undefined || scope.sites.size > 0;
  const base = and(hidden ? 'hashed' : 'param');
  return {
    base,
    // With a study or a site named, their index is the way in and the scope is only checked.
    indexedBase: hidden && input.siteId === undefined && input.studyId === undefined ? and('hidden') : base,
    namesSite: input.siteId !== undefined || visible.sites.size > 0,
    search: input.search ? patientSearch(input.search, base, narrow, value) : null,
    narrow,
    value,
  };
}
