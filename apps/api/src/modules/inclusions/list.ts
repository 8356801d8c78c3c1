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
  patientId: sql`p.subject_code`,
  status: sql`p.status, p.subject_code`,
} as const;

/** The subjects' rows with their visits by grid column, in one statement. */
export async function inclusionRows(db: Db, scope: StudyScope, f: InclusionFilter & { sort: InclusionListInput['sort'] }, page: { limit: number; offset: number } | null, selection?: InclusionSelection) {
  const window = page ? pageWindow(page) : null;
  const visitColumns = sql.join(
    INCLUSION_VISITS.map(
      ([key, code]) => sql`(select json_build_object('status', sv.status, 'date', coalesce(sv.actual_date, sv.scheduled_date)::text)
          from subject_visits sv join visit_definitions vd on vd.id = sv.visit_definition_id
         where sv.patient_id = p.id and vd.code = ${code}) as ${sql.ref(key)}`,
    ),
  );
  const { rows } = await sql<Omit<InclusionRow, 'archivedAt'> & { archivedAt: Date | null; total: number }>`
    select p.id, p.subject_code as "patientId", si.name as "siteName", p.status,
           coalesce(p.enrollment_date, p.screening_date)::text as "startDate", p.archived_at as "archivedAt",
           ${visitColumns}, count(*) over ()::int as total
      from patients p join sites si on si.id = p.site_id
     where ${inclusionWhere(scope, f, selection)}
     order by ${ORDER[f.sort]}
     ${window ? sql`limit ${window.limit} offset ${window.offset}` : sql``}`.execute(db);
  const empty = { status: null, date: null };
  const items: InclusionRow[] = rows.map(({ total: _t, archivedAt, ...r }) => {
    const row = { ...r, archivedAt: archivedAt ? new Date(archivedAt).toISOString() : null } as InclusionRow;
    for (const [key] of INCLUSION_VISITS) row[key] = (typeof row[key] === 'string' ? JSON.parse(row[key] as unknown as string) : row[key]) ?? empty;
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
