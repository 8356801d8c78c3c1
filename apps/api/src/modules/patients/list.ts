// patients.list: the page's subjects, newest first (patient id descending), and the total with the
// same filters. The visit figures are computed by one lateral subquery per page row (index
// subject_visits (patient_id, scheduled_date)), never for the whole table:
//   visitProgress = { completed: visits with status completed, total: all visits scheduled for the subject }
//   lastVisit     = latest actual_date of a completed visit
//   nextVisit     = earliest scheduled_date of a 'scheduled' or 'pending' visit on or after today, for
//                   subjects still in the study (screening or enrolled); null once completed or withdrawn
//   demographics  = { age: current year - year_of_birth, gender: F/M as Female/Male, any other as Unknown, ethnicity }
//   adverseEvents = adverse event records in the subject's submitted forms (form_submissions.adverse_events:
//                   the rows of an AE log, one per adverse event report), index form_submissions (patient_id)
import { sql, type Db } from '@ctp/db';
import type { PatientListInput, PatientSummary } from '@ctp/contracts';
import type { StudyScope } from '../../access.ts';
import { todayIso, type Fragment } from '../../sql-helpers.ts';
import { patientFilter } from './filters.ts';
import { pagePlan } from './plan.ts';

/**
 * The subjects of `page(id)`, defined by the `with` clause, newest first, with their study, site and
 * visit figures, and the clause's `total(n)`. PostgreSQL writes the page as one JSON array in the
 * contract's shape (dates as 'YYYY-MM-DD', as the driver reads them), read without the camelCase
 * mapping: no row objects to parse, rename and copy per subject.
 */
export async function patientPage(db: Db, plan: Fragment, today: string, currentYear: number) {
  const { rows } = await sql<{ total: number; items: PatientSummary[] }>`
    ${plan}
    select (select n from total) as total, coalesce((select json_agg(json_build_object(
      'id', pg.id, 'patientId', pg.subject_code, 'studyId', pg.study_id, 'studyCode', st.code,
      'studyTitle', st.title, 'siteId', pg.site_id, 'siteName', si.name, 'status', pg.status,
      'demographics', json_build_object(
        'age', ${currentYear}::int - pg.year_of_birth,
        'gender', case when pg.sex = 'F' then 'Female' when pg.sex = 'M' then 'Male'
                       when pg.sex is not null then 'Unknown' end,
        'ethnicity', pg.ethnicity),
      'visitProgress', json_build_object('completed', v.visits_completed, 'total', v.visits_total),
      'lastVisit', v.last_visit,
      'nextVisit', case when pg.status in ('screening', 'enrolled') then v.next_visit end,
      'adverseEvents', (select coalesce(sum(fs.adverse_events), 0)::int from form_submissions fs
                         where fs.patient_id = pg.id and fs.status <> 'draft'),
      'enrollmentDate', pg.enrollment_date, 'screeningDate', pg.screening_date, 'version', pg.version
    ) order by pg.id desc)
    from page
    join patients pg on pg.id = page.id
    join studies st on st.id = pg.study_id
    join sites si on si.id = pg.site_id
    cross join lateral (
      select count(*) filter (where sv.status = 'completed')::int as visits_completed,
             count(*)::int as visits_total,
             max(sv.actual_date) filter (where sv.status = 'completed') as last_visit,
             min(sv.scheduled_date) filter (where sv.status in ('scheduled', 'pending') and sv.scheduled_date >= ${today}::date)
               as next_visit
      from subject_visits sv where sv.patient_id = pg.id
    ) v), '[]') as items`.execute(db.withoutPlugins());
  return rows[0]!;
}

export async function listPatients(db: Db, scope: StudyScope, input: PatientListInput, now = new Date()) {
  // Total, page ids and rows in one statement (plan.ts).
  const plan = pagePlan(patientFilter(scope, input), input);
  const { total, items } = await patientPage(db, plan, todayIso(now), now.getUTCFullYear());
  return { items, total, limit: input.limit, offset: input.offset };
}
