// How a patient filter is executed, so that every shape of filter stays fast at 100k subjects:
//   no search           total summed from patient_counts (a few thousand rows at most); the page's ids
//                       from the matching ids sorted (few matches), or from the newest-first walk of
//                       an index ((status, id), (study_id, id), (site_id, id) or the primary key) when
//                       matches are dense enough to fill a page after a few hundred rows
//   search, narrow      one study, one site or a site-scoped user: those few rows are read through
//                       their index and the search is checked on them
//   search, broad       the search runs first through its own indexes (trigram on subject_code, study
//                       and site indexes in a bitmap OR); scope and status are checked on its rows
// With a search, page and total (a window count) come from one pass over the materialized matches.
// A materialized CTE is planned on its own: without it the planner may walk the primary key newest
// first for a filter whose subjects are all old, reading most of the table to find 50 rows.
// Searches of one or two characters cannot use the trigram index and read the whole table.
import { sql, type Db } from '@ctp/db';
import type { Fragment } from '../sites/sql-helpers.ts';
import type { PatientFilter } from './filters.ts';

/** Up to this many matches, a page is sorted out of the collected matching ids. */
export const SPARSE_MATCHES = 10_000;

interface Source {
  ctes: Fragment[];
  /** A relation aliased `p` with id, study_id, site_id and status. */
  from: Fragment;
  where: Fragment<boolean>;
}

/** Where a searching filter's rows come from (see the header). */
function searchSource(filter: PatientFilter & { search: Fragment<boolean> }): Source {
  if (filter.narrow)
    return { ctes: [], from: sql`patients p`, where: sql<boolean>`${filter.base} and ${filter.search}` };
  return {
    ctes: [
      sql`s as materialized (select p.id, p.study_id, p.site_id, p.status from patients p where ${filter.search})`,
    ],
    from: sql`s p`,
    where: filter.base,
  };
}

const withClause = (ctes: Fragment[]) => (ctes.length ? sql`with ${sql.join(ctes)} ` : sql``);

/** Subjects matching the filter: summed from patient_counts without a search, else counted. */
export async function countPatients(db: Db, filter: PatientFilter): Promise<number> {
  if (!filter.search) {
    const { rows } = await sql<{ total: number }>`
      select coalesce(sum(p.n), 0)::int as total from patient_counts p where ${filter.base}`.execute(db);
    return rows[0]?.total ?? 0;
  }
  const s = searchSource({ ...filter, search: filter.search });
  const { rows } = await sql<{ total: number }>`
    ${withClause(s.ctes)} select count(*)::int as total from ${s.from} where ${s.where}`.execute(db);
  return rows[0]?.total ?? 0;
}

/** The total of the filter and the ids of one page (newest first). */
export async function matchingIds(
  db: Db,
  filter: PatientFilter,
  page: { limit: number; offset: number },
): Promise<{ total: number; ids: number[] }> {
  const window = sql`order by p.id desc limit ${page.limit} offset ${page.offset}`;
  if (filter.search) {
    // One pass over the materialized matches gives the page and, as a window count, the total.
    const s = searchSource({ ...filter, search: filter.search });
    const ctes = s.ctes.length
      ? s.ctes
      : [sql`s as materialized (select p.id from ${s.from} where ${s.where})`];
    const where = s.ctes.length ? s.where : sql<boolean>`true`;
    const { rows } = await sql<{ id: number; total: number }>`
      ${withClause(ctes)} select p.id, count(*) over ()::int as total from s p where ${where} ${window}`.execute(
      db,
    );
    if (rows.length || page.offset === 0) return { total: rows[0]?.total ?? 0, ids: rows.map((r) => r.id) };
    return { total: await countPatients(db, filter), ids: [] }; // past the last page
  }
  const total = await countPatients(db, filter);
  if (total <= page.offset) return { total, ids: [] };
  const { rows } = await sql<{ ids: number[] }>`${
    total <= SPARSE_MATCHES
      ? sql`with m as materialized (select p.id from patients p where ${filter.base}) select array(select p.id from m p ${window}) as ids`
      : sql`select array(select p.id from patients p where ${filter.base} ${window}) as ids`
  }`.execute(db);
  return { total, ids: rows[0]!.ids };
}

/** Subjects matching the filter in each status, in one aggregate. */
export async function countByStatus(db: Db, filter: PatientFilter) {
  // Without a search the conditions apply to patient_counts rows, each standing for n subjects.
  const s: Source = filter.search
    ? searchSource({ ...filter, search: filter.search })
    : { ctes: [], from: sql`patient_counts p`, where: filter.base };
  const n = filter.search ? sql`1` : sql`p.n`;
  const { rows } = await sql<{
    total: number;
    screening: number;
    enrolled: number;
    completed: number;
    withdrawn: number;
  }>`
    ${withClause(s.ctes)}
    select coalesce(sum(${n}), 0)::int as total,
           coalesce(sum(${n}) filter (where p.status = 'screening'), 0)::int as screening,
           coalesce(sum(${n}) filter (where p.status = 'enrolled'), 0)::int as enrolled,
           coalesce(sum(${n}) filter (where p.status = 'completed'), 0)::int as completed,
           coalesce(sum(${n}) filter (where p.status = 'withdrawn'), 0)::int as withdrawn
    from ${s.from} where ${s.where}`.execute(db);
  return rows[0]!;
}
