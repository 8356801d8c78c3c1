// inclusions.list: a page of one study's subjects with their visit grid, sorted by start date
// (enrolment, else screening), subject code or status, and the study it belongs to.
import { sql } from '@ctp/db';
import type { Db } from '@ctp/db';
import { INCLUSION_VISITS, type InclusionListInput, type InclusionRow } from '@ctp/contracts';
import type { StudyScope } from '../../access.ts';
import { pageWindow } from '../../sql-helpers.ts';
import { inclusionWhere, type InclusionFilter, type InclusionSelection } from './scope.ts';

const ORDER = {
  startDate: sql`coalesce(p.enrollment_date, p.screening_date) desc, p.subject_code`,
  patientId: sql`p.subject_code, p.id`,
  status: sql`p.status, p.subject_code`,
} as const;

/**
 * The subjects' rows with their visits by grid column. The page is chosen first (the filter's rows,
 * sorted and cut, and their count), then only the page's subjects read their visits: one index range
 * of subject_visits per subject, aggregated by visit code. The visit definitions are the study's own
 * (its few rows): joined to all of them, each page row hashed every study's (1,400 at scale 100).
 * `after` (sorted by subject code only) reads the page after a keyset instead of an offset, and leaves out
 * the total: the streamed export's pages.
 */
export async function inclusionRows(
  db: Db,
  scope: StudyScope,
  f: InclusionFilter & { sort: InclusionListInput['sort'] },
  page: { limit: number; offset: number; after?: { patientId: string; id: number } | null } | null,
  selection?: InclusionSelection,
) {
  const window = page ? pageWindow(page) : null;
  const keyset = page?.after !== undefined;
  if (keyset && f.sort !== 'patientId') throw new RangeError('Keyset pages follow the subject code order');
  const after = page?.after ? sql`and (p.subject_code, p.id) > (${page.after.patientId}, ${page.after.id})` : sql``;
  const { rows } = await sql<{ id: number; patientId: string; siteName: string; status: InclusionRow['status']; startDate: string; archivedAt: Date | null; visits: Record<string, { status: InclusionRow['d0Visit']['status']; date: string }> | string | null; total: number }>`
    with page as materialized (
      select p.id, p.subject_code, p.status, p.site_id, p.archived_at, coalesce(p.enrollment_date, p.screening_date) as start_date,
             row_number() over (order by ${ORDER[f.sort]}) as position
        from patients p
       where ${inclusionWhere(scope, f, selection)} ${after}
       order by ${ORDER[f.sort]}
       ${window ? sql`limit ${window.limit} offset ${window.offset}` : sql``})
    select page.id, page.subject_code as "patientId", si.name as "siteName", page.status, page.start_date::text as "startDate",
           page.archived_at as "archivedAt", v.visits,
           ${keyset ? sql`null` : sql`(select count(*) from patients p where ${inclusionWhere(scope, f, selection)})`}::int as total
      from page join sites si on si.id = page.site_id
      cross join lateral (
        select json_object_agg(vd.code, json_build_object('status', sv.status, 'date', coalesce(sv.actual_date, sv.scheduled_date)::text)) as visits
          from subject_visits sv join visit_definitions vd on vd.id = sv.visit_definition_id and vd.study_id = ${f.studyId}
         where sv.patient_id = page.id) v
     order by page.position`.execute(db);
  const empty = { status: null, date: null };
  const items: InclusionRow[] = rows.map(({ total: _t, archivedAt, visits, ...r }) => {
    const byCode = (typeof visits === 'string' ? JSON.parse(visits) : visits) ?? {};
    const row = { ...r, archivedAt: archivedAt ? new Date(archivedAt).toISOString() : null } as InclusionRow;
    for (const [key, code] of INCLUSION_VISITS) row[key] = byCode[code] ?? empty;
    return row;
  });
  return { items, total: rows[0]?.total };
}

export async function listInclusions(db: Db, scope: StudyScope, input: InclusionListInput) {
  const { items, total } = await inclusionRows(db, scope, input, input);
  const count =
    total ??
    (input.offset > 0
      ? (await sql<{ n: number }>`select count(*)::int as n from patients p where ${inclusionWhere(scope, input)}`.execute(db)).rows[0]!.n
      : 0);
  const study = await db.selectFrom('studies').select(['id', 'code as studyId', 'title']).where('id', '=', input.studyId).executeTakeFirstOrThrow();
  return { study, items, total: count, limit: input.limit, offset: input.offset };
}
