// forms.list, forms.overview and forms.studies: the /forms screen's cards, tiles and study filter,
// filtered and paged in SQL over the user's studies. A form's shown version is its latest one (the
// draft while one is open), its version number the published one (the draft's before first publishing).
import { sql } from '@ctp/db';
import type { Db } from '@ctp/db';
import type { FormListInput, FormSummary, FormsOverview } from '@ctp/contracts';
import { visibleStudyIds, type StudyScope } from '../../access.ts';
import { inStudies } from '../studies/scope-sql.ts';
import { containsPattern, pageWindow } from '../../sql-helpers.ts';

type Filters = Pick<FormListInput, 'studyId' | 'status' | 'search'>;

function where(scope: StudyScope, f: Filters) {
  const parts = [inStudies('f.study_id', visibleStudyIds(scope))];
  if (f.studyId) parts.push(sql<boolean>`f.study_id = ${f.studyId}`);
  if (f.status) parts.push(sql<boolean>`f.status = ${f.status}`);
  if (f.search) {
    const p = containsPattern(f.search);
    parts.push(sql<boolean>`(f.name ilike ${p} or st.code ilike ${p} or f.description ilike ${p})`);
  }
  return sql.join(parts, sql` and `);
}

/** Submissions that count: saved beyond draft. */
const SUBMITTED = sql`s.status <> 'draft'`;

export async function listForms(db: Db, scope: StudyScope, input: FormListInput) {
  const { limit, offset } = pageWindow(input);
  // The page's forms first (forms_updated_idx, migration 0044), then their versions, counts and the total:
  // a window count built every form's row of the scope, its latest version looked up, before the limit.
  const from = sql`forms f join studies st on st.id = f.study_id join users u on u.id = f.created_by where ${where(scope, input)}`;
  const { rows } = await sql<FormSummary & { total: number }>`
    with page as materialized (select f.id from ${from} order by f.updated_at desc, f.id desc limit ${limit} offset ${offset})
    select f.id, f.study_id, st.code as study_code, f.name as form_name,
           coalesce(f.published_version, lv.version_number)::text as form_version,
           f.status = 'active' as is_active, f.category, f.status, coalesce(lv.field_count, 0)::int as fields_count,
           (select count(*) from form_submissions s where s.form_id = f.id and ${SUBMITTED})::int as submissions_count,
           greatest(f.updated_at, lv.updated_at) as last_modified, u.full_name as created_by, f.description,
           (lv.published_at is null) as has_draft, f.version,
           (select count(*) from ${from})::int as total
      from page
      join forms f on f.id = page.id
      join studies st on st.id = f.study_id
      join users u on u.id = f.created_by
      left join lateral (select v.version_number, v.field_count, v.updated_at, v.published_at from form_versions v
                          where v.form_id = f.id order by v.version_number desc limit 1) lv on true
     order by f.updated_at desc, f.id desc`.execute(db);
  let total = rows[0]?.total;
  if (total === undefined) total = input.offset > 0 ? await countForms(db, scope, input) : 0;
  const items = rows.map(({ total: _t, ...r }) => ({ ...r, lastModified: new Date(r.lastModified as unknown as Date).toISOString() }));
  return { items, total, limit: input.limit, offset: input.offset };
}

async function countForms(db: Db, scope: StudyScope, f: Filters): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from forms f join studies st on st.id = f.study_id where ${where(scope, f)}`.execute(db);
  return rows[0]!.n;
}

/** The four tiles: Total Forms, Active Forms, Total Submissions (beyond draft), Draft Forms. */
export async function formsOverview(db: Db, scope: StudyScope, f: Filters): Promise<FormsOverview> {
  const { rows } = await sql<FormsOverview>`
    select count(*)::int as total_forms,
           count(*) filter (where f.status = 'active')::int as active_forms,
           count(*) filter (where f.status = 'draft')::int as draft_forms,
           coalesce(sum((select count(*) from form_submissions s where s.form_id = f.id and ${SUBMITTED})), 0)::int as total_submissions
      from forms f join studies st on st.id = f.study_id
     where ${where(scope, { ...f, status: undefined })}`.execute(db);
  return rows[0]!;
}

/** The study filter's options: the distinct studies of the forms the user sees. */
export async function formStudies(db: Db, scope: StudyScope) {
  const { rows } = await sql<{ id: number; studyId: string }>`
    select st.id, st.code as study_id from studies st
     where exists (select 1 from forms f where f.study_id = st.id) and ${inStudies('st.id', visibleStudyIds(scope))}
     order by st.code`.execute(db);
  return rows;
}
