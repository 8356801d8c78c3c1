// patients.list: the page's subjects, newest first (patient id descending), and the total with the
// same filters. The visit figures are computed by one lateral subquery per page row (index
// subject_visits (patient_id, scheduled_date)), never for the whole table:
//   visitProgress = { completed: visits with status completed, total: all visits scheduled for the subject }
//   lastVisit     = latest actual_date of a completed visit
//   nextVisit     = earliest scheduled_date of a 'scheduled' or 'pending' visit on or after today, for
//                   subjects still in the study (screening or enrolled); null once completed or withdrawn
//   demographics  = { age: current year - year_of_birth, gender: F/M/U as Female/Male/Unknown, ethnicity }
import { sql, type Db } from '@ctp/db';
import type { PatientListInput, PatientStatus, PatientSummary } from '@ctp/contracts';
import type { StudyScope } from '../../access.ts';
import { todayIso, type Fragment } from '../../sql-helpers.ts';
import { patientFilter } from './filters.ts';
import { pagePlan } from './plan.ts';

const GENDERS: Record<string, string> = { F: 'Female', M: 'Male', U: 'Unknown' };

interface PatientRow {
  id: number;
  patientId: string;
  studyId: number;
  studyCode: string;
  studyTitle: string;
  siteId: number;
  siteName: string;
  status: PatientStatus;
  yearOfBirth: number | null;
  sex: string | null;
  ethnicity: string | null;
  enrollmentDate: string | null;
  screeningDate: string;
  version: number;
  visitsCompleted: number;
  visitsTotal: number;
  lastVisit: string | null;
  nextVisit: string | null;
}

/**
 * The subjects of `page(id)`, defined by the `with` clause, newest first, with their study, site and
 * visit figures. The clause's `total(n)` comes as `total` on every row; an empty page is one row
 * holding only the total.
 */
export async function patientRows(db: Db, plan: Fragment, today: string) {
  const { rows } = await sql<{ total: number } & (({ id: number } & PatientRow) | { id: null })>`
    ${plan}
    select t.n as total, r.* from total t left join (
    select pg.id, pg.subject_code as patient_id, pg.study_id, st.code as study_code, st.title as study_title,
           pg.site_id, si.name as site_name, pg.status, pg.year_of_birth, pg.sex, pg.ethnicity,
           pg.enrollment_date, pg.screening_date, pg.version,
           v.visits_completed, v.visits_total, v.last_visit,
           case when pg.status in ('screening', 'enrolled') then v.next_visit end as next_visit
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
    ) v) r on true
    order by r.id desc`.execute(db);
  return {
    total: rows[0]?.total ?? 0,
    rows: rows.filter((r): r is { total: number } & PatientRow => r.id !== null),
  };
}

export function toPatientSummary(r: PatientRow, currentYear: number): PatientSummary {
  return {
    id: r.id,
    patientId: r.patientId,
    studyId: r.studyId,
    studyCode: r.studyCode,
    studyTitle: r.studyTitle,
    siteId: r.siteId,
    siteName: r.siteName,
    status: r.status,
    demographics: {
      age: r.yearOfBirth === null ? null : currentYear - r.yearOfBirth,
      gender: r.sex === null ? null : (GENDERS[r.sex] ?? 'Unknown'),
      ethnicity: r.ethnicity,
    },
    visitProgress: { completed: r.visitsCompleted, total: r.visitsTotal },
    lastVisit: r.lastVisit,
    nextVisit: r.nextVisit,
    enrollmentDate: r.enrollmentDate,
    screeningDate: r.screeningDate,
    version: r.version,
  };
}

export async function listPatients(db: Db, scope: StudyScope, input: PatientListInput, now = new Date()) {
  // Total, page ids and rows in one statement (plan.ts).
  const { total, rows } = await patientRows(db, pagePlan(patientFilter(scope, input), input), todayIso(now));
  return {
    items: rows.map((r) => toPatientSummary(r, now.getUTCFullYear())),
    total,
    limit: input.limit,
    offset: input.offset,
  };
}
