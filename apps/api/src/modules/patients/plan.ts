// How a patient filter is executed, so that every shape of filter stays fast at 100k subjects:
//   no search        total summed from patient_counts (a few thousand rows at most); the page's ids
//                    from the matching ids sorted (few matches), or from the newest-first walk of an
//                    index ((status, id), (study_id, id), (site_id, id) or the primary key) when matches
//                    are dense enough to fill a page after a few hundred rows
//   search, narrow   one study, one site or a site-scoped user: those few rows are read through their
//                    index and the search is checked on them; page and total (a window count) come
//                    from one pass over the materialized matches
//   search, broad    two parts: the subjects of the matching studies and sites, counted in
//                    patient_counts and listed newest first through the (study_id, id) and (site_id, id)
//                    indexes (covering, migration 0004: no table reads), and the subjects whose own code
//                    matches, through the trigram index. The page is the newest of each part's newest
//                    (offset + limit); the total is the parts' sum, the code part without the places part
// A materialized CTE is planned on its own: without it the planner may walk the primary key newest
// first for a filter whose subjects are all old, reading most of the table to find 50 rows.
// Searches of one or two characters cannot use the trigram index and read the whole table.
import { sql, type Db } from '@ctp/db';
import type { Fragment } from '../../sql-helpers.ts';
import type { PatientFilter } from './filters.ts';

/** Up to this many matches, a page is sorted out of the collected matching ids. */
export const SPARSE_MATCHES = 10_000;

const withClause = (ctes: Fragment[]) => (ctes.length ? sql`with ${sql.join(ctes)} ` : sql``);

/** Every matching subject as (status, n): patient_counts rows stand for n subjects, patients rows for 1. */
function weightedMatches({ base, search, narrow }: PatientFilter): Fragment {
  if (!search) return sql`select p.status, p.n from patient_counts p where ${base}`;
  if (narrow) return sql`select p.status, 1 as n from patients p where ${base} and ${search.any}`;
  return sql`select p.status, p.n from patient_counts p where ${base} and ${search.places}
             union all
             select p.status, 1 as n from patients p where ${base} and ${search.code} and not ${search.places}`;
}

/** Subjects matching the filter. */
export async function countPatients(db: Db, filter: PatientFilter): Promise<number> {
  const { rows } = await sql<{ total: number }>`
    select coalesce(sum(m.n), 0)::int as total from (${weightedMatches(filter)}) m`.execute(db);
  return rows[0]?.total ?? 0;
}

/** Subjects matching the filter in each status, in one aggregate. */
export async function countByStatus(db: Db, filter: PatientFilter) {
  const { rows } = await sql<{
    total: number;
    screening: number;
    enrolled: number;
    completed: number;
    withdrawn: number;
  }>`
    select coalesce(sum(m.n), 0)::int as total,
           coalesce(sum(m.n) filter (where m.status = 'screening'), 0)::int as screening,
           coalesce(sum(m.n) filter (where m.status = 'enrolled'), 0)::int as enrolled,
           coalesce(sum(m.n) filter (where m.status = 'completed'), 0)::int as completed,
           coalesce(sum(m.n) filter (where m.status = 'withdrawn'), 0)::int as withdrawn
    from (${weightedMatches(filter)}) m`.execute(db);
  return rows[0]!;
}

/**
 * One page of a filter as SQL: `with` CTEs whose last one is `page(id, total)`, the page's ids newest
 * first, so the caller reads the page's rows in the same statement. `total` is the filter's total:
 * known before the page is read (`knownTotal`), or, for a narrow search, a window count in every page
 * row. `empty` when the page is past the last match: nothing left to read.
 */
export type PageSource = { with: Fragment; knownTotal: number | null } | { empty: true; total: number };

export async function pageSource(
  db: Db,
  filter: PatientFilter,
  page: { limit: number; offset: number },
): Promise<PageSource> {
  const window = sql`order by p.id desc limit ${page.limit} offset ${page.offset}`;
  const { base, search } = filter;
  if (search && filter.narrow) {
    return {
      with: withClause([
        sql`s as materialized (select p.id from patients p where ${base} and ${search.any})`,
        sql`page as materialized (select p.id, count(*) over ()::int as total from s p ${window})`,
      ]),
      knownTotal: null,
    };
  }
  const total = await countPatients(db, filter);
  if (total <= page.offset) return { empty: true, total };
  if (search) {
    // Each part's newest (offset + limit) ids; their union holds the page.
    const newest = (condition: Fragment<boolean>) =>
      sql`(select p.id from patients p where ${base} and ${condition} order by p.id desc limit ${page.offset + page.limit})`;
    const parts = [
      ...(search.siteIds.length ? [newest(sql`p.site_id = any(${search.siteIds}::int[])`)] : []),
      ...(search.studyIds.length ? [newest(sql`p.study_id = any(${search.studyIds}::int[])`)] : []),
      newest(search.code),
    ];
    return {
      with: withClause([
        sql`page as materialized (select p.id, null::int as total from (${sql.join(parts, sql` union `)}) p ${window})`,
      ]),
      knownTotal: total,
    };
  }
  const ctes =
    total <= SPARSE_MATCHES
      ? [
          sql`m as materialized (select p.id from patients p where ${base})`,
          sql`page as materialized (select p.id, null::int as total from m p ${window})`,
        ]
      : [sql`page as materialized (select p.id, null::int as total from patients p where ${base} ${window})`];
  return { with: withClause(ctes), knownTotal: total };
}

/** The filter's total once the page was read: known, or the page rows' window count, or counted past the end. */
export async function pageTotal(
  db: Db,
  filter: PatientFilter,
  source: PageSource,
  firstRow: { total: number | null } | undefined,
  offset: number,
): Promise<number> {
  if ('empty' in source) return source.total;
  if (source.knownTotal !== null) return source.knownTotal;
  if (firstRow?.total != null) return firstRow.total;
  return offset === 0 ? 0 : countPatients(db, filter); // a narrow search's page past its last match
}

/** The ids of one page (newest first) and the filter's total. */
export async function matchingIds(
  db: Db,
  filter: PatientFilter,
  page: { limit: number; offset: number },
): Promise<{ total: number; ids: number[] }> {
  const source = await pageSource(db, filter, page);
  if ('empty' in source) return { total: source.total, ids: [] };
  const { rows } = await sql<{ id: number; total: number | null }>`
    ${source.with} select id, total from page order by id desc`.execute(db);
  return { total: await pageTotal(db, filter, source, rows[0], page.offset), ids: rows.map((r) => r.id) };
}
