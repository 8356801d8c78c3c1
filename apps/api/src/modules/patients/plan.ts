// How a patient filter is executed, in one statement per list, summary or export, so that every shape
// of filter stays fast at 100k subjects. The statement's CTEs are `total(n)`, the filter's subjects, and
// `page(id)`, the ids of one page, newest first:
//   no search        total summed from study_patient_counts, or patient_counts when a site is named (a
//                    few thousand rows at most); the page from the matching ids sorted when there are
//                    few (SPARSE_MATCHES), else from the newest-first walk of an index ((status, id),
//                    (study_id, id), (site_id, id) or the primary key).
//                    Both branches are in the statement; a one-time filter on the total runs only one.
//   search, narrow   one study, one site or a site-scoped user: those few rows are read through their
//                    index, the search is checked on them, and page and total come from the matches
//   search, broad    two parts: the subjects of the matching studies and sites, counted in
//                    patient_counts and listed newest first through the (study_id, id) and (site_id, id)
//                    indexes, one walk per study or site (covering, migration 0004: no table reads),
//                    and the subjects whose own code
//                    matches, through the trigram index. The page is the newest of each part's newest
//                    (offset + limit); the total is the parts' sum, the code part without the places part
// A materialized CTE is planned on its own: without it the planner may walk the primary key newest
// first for a filter whose subjects are all old, reading most of the table to find 50 rows.
// Searches of one or two characters cannot use the trigram index and read the whole table.
import { sql, type Db } from '@ctp/db';
import { hiddenOffsetWindow, pageWindow, type Fragment } from '../../sql-helpers.ts';
import type { PatientFilter } from './filters.ts';

/** Up to this many matches, a page is sorted out of the collected matching ids. */
export const SPARSE_MATCHES = 10_000;

const withClause = (ctes: Fragment[]) => sql`with ${sql.join(ctes)} `;

/** Every matching subject as (status, n): patient_counts rows stand for n subjects, patients rows for 1. */
function weightedMatches({ base, indexedBase, namesSite, search, narrow }: PatientFilter): Fragment {
  if (!search) {
    // Per study when no site is named: a few rows per study, each checked against the scope's hash.
    if (!namesSite) return sql`select p.status, p.n from study_patient_counts p where ${base}`;
    return sql`select p.status, p.n from patient_counts p where ${indexedBase}`;
  }
  if (narrow) return sql`select p.status, 1 as n from patients p where ${base} and ${search.any}`;
  // The places' patient_counts rows through the (site_id) and (study_id, ...) indexes, one lookup per
  // matching site or study (the planner cannot see the ids when it plans: it would read the whole table).
  // OFFSET 0 keeps each lookup a lookup: joined freely, the planner read every counts row in the scope
  // (4,500 for a 200-study scope, each checked against the scope array) to keep those of 125 sites.
  const placeRows = sql`select c.* from unnest(${search.siteIds}) as u(id)
                          cross join lateral (select c.* from patient_counts c where c.site_id = u.id offset 0) c
                        union
                        select c.* from unnest(${search.studyIds}) as u(id)
                          cross join lateral (select c.* from patient_counts c where c.study_id = u.id offset 0) c`;
  return sql`select p.status, p.n from (${placeRows}) p where ${base}
             union all
             select p.status, 1 as n from code_matches p where not ${search.places}`;
}

/** The statement counting the subjects matching the filter in each status, in one aggregate. */
export function statusCounts(filter: PatientFilter): Fragment<{
  total: number;
  screening: number;
  enrolled: number;
  completed: number;
  withdrawn: number;
}> {
  return sql`
    ${filter.search ? withClause(filter.search.ctes) : sql``}
    select coalesce(sum(m.n), 0)::int as total,
           coalesce(sum(m.n) filter (where m.status = 'screening'), 0)::int as screening,
           coalesce(sum(m.n) filter (where m.status = 'enrolled'), 0)::int as enrolled,
           coalesce(sum(m.n) filter (where m.status = 'completed'), 0)::int as completed,
           coalesce(sum(m.n) filter (where m.status = 'withdrawn'), 0)::int as withdrawn
    from (${weightedMatches(filter)}) m`;
}

/** Subjects matching the filter in each status. */
export async function countByStatus(db: Db, filter: PatientFilter) {
  const { rows } = await statusCounts(filter).execute(db);
  return rows[0]!;
}

/** The `with` clause defining `total(n)` and `page(id)` for one page of the filter (see the header). */
export function pagePlan(
  filter: PatientFilter,
  page: { limit: number; offset: number },
  sparseMatches = SPARSE_MATCHES,
): Fragment {
  const { base, search } = filter;
  const bounds = pageWindow(page);
  const window = sql`order by p.id desc limit ${bounds.limit} offset ${bounds.offset}`;
  const places = search ? search.ctes : [];
  if (search && filter.narrow) {
    return withClause([
      ...places,
      sql`s as materialized (select p.id from patients p where ${base} and ${search.any})`,
      sql`total as materialized (select count(*)::int as n from s)`,
      sql`page as materialized (select p.id from s p ${window})`,
    ]);
  }
  const total = sql`total as materialized (select coalesce(sum(m.n), 0)::int as n from (${weightedMatches(filter)}) m)`;
  // Past the last match there is nothing to read (an index walk would otherwise read to its end).
  const pageExists = sql<boolean>`(select n from total) > ${filter.value(page.offset, 'int')}`;
  if (search) {
    // Each part's newest (offset + limit) ids; their union holds the page. A study's or a site's newest
    // are read from its own index, one index walk per matching study or site: the planner cannot see
    // the matching ids when it plans, and guessing wrong meant walking the whole primary key.
    const k = bounds.bound(page.offset + page.limit);
    const newestOfEach = (ids: Fragment, column: 'study_id' | 'site_id') => sql`(
      select x.id from unnest(${ids}) as u(place_id)
      cross join lateral (select p.id from patients p where p.${sql.raw(column)} = u.place_id and ${base}
                          order by p.id desc limit ${k}) x
      order by x.id desc limit ${k})`;
    const newestByCode = sql`(select p.id from code_matches p order by p.id desc limit ${k})`;
    const parts = sql.join(
      [newestOfEach(search.siteIds, 'site_id'), newestOfEach(search.studyIds, 'study_id'), newestByCode],
      sql` union `,
    );
    return withClause([
      ...places,
      total,
      sql`page as materialized (select p.id from (${parts}) p where ${pageExists} ${window})`,
    ]);
  }
  // Without a search every value is hidden, the page's bounds too: one plan serves every page, the
  // choice between sorting the few matches and walking an index is made here when the statement runs.
  const sparse = sql<boolean>`(select n from total) <= ${sparseMatches}`;
  const hiddenWindow = sql`order by p.id desc ${hiddenOffsetWindow(page)}`;
  return withClause([
    total,
    sql`m as materialized (select p.id from patients p where ${filter.indexedBase} and ${sparse})`,
    sql`page as materialized (
      (select p.id from m p where ${sparse} and ${pageExists} ${hiddenWindow})
      union all
      (select p.id from patients p where ${base} and not ${sparse} and ${pageExists} ${hiddenWindow}))`,
  ]);
}

/** The ids of one page (newest first) and the filter's total. */
export async function matchingIds(
  db: Db,
  filter: PatientFilter,
  page: { limit: number; offset: number },
  sparseMatches = SPARSE_MATCHES,
): Promise<{ total: number; ids: number[] }> {
  const { rows } = await sql<{ total: number; ids: number[] }>`
    ${pagePlan(filter, page, sparseMatches)}
    select (select n from total) as total, array(select id from page order by id desc) as ids`.execute(db);
  return rows[0]!;
}
