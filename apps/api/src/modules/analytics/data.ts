// What the analytics read from the database: per study site, aggregated in SQL (one statement per study,
// each part through an index on the study: patients (study_id, ...), queries (study_id, status, id),
// form_submissions and subject_visits through the study's subjects).
import { sql, type Db } from '@ctp/db';
import { inStudies } from '../studies/scope-sql.ts';

export interface StudyRow {
  id: number;
  code: string;
  title: string;
  status: string;
  target: number;
  startDate: string | null;
  /** The plan's end: the 'Last Patient In' milestone, else the planned end date (as enrollment-plan.ts). */
  planEnd: string | null;
  today: string;
}

export async function studyRow(db: Db, studyId: number): Promise<StudyRow | undefined> {
  const { rows } = await sql<StudyRow>`
    select s.id, s.code, s.title, s.status, s.target_enrollment as target, s.start_date,
           coalesce((select m.target_date from milestones m where m.study_id = s.id and m.name = 'Last Patient In' limit 1),
                    s.planned_end_date) as plan_end,
           current_date::text as today
    from studies s where s.id = ${studyId}`.execute(db);
  return rows[0];
}

export interface SiteRow {
  siteId: number;
  siteNumber: string;
  siteName: string;
  status: string;
  target: number;
  assignedOn: string;
  activatedOn: string | null;
  /** Days since activation (null when not activated) and since assignment. */
  activeDays: number | null;
  waitedDays: number;
  subjects: number;
  /** Subjects with an enrollment date, whatever their later status. */
  enrolled: number;
  /** Subjects enrolled or completed (the app's currentEnrollment). */
  current: number;
  /** Withdrawn before enrollment / subjects whose screening ended (enrolled, or withdrawn before). */
  screenFailures: number;
  screeningEnded: number;
  dueVisits: number;
  dueCompleted: number;
  /** Visits whose window has closed, and those of them never done (missed, or still pending or scheduled). */
  closedVisits: number;
  missingVisits: number;
  doneVisits: number;
  outOfWindow: number;
  forms: number;
  adverseEvents: number;
  queries: number;
  /** Queries timed for the answer time: answered, or open and still waiting; their days and squared days. */
  timedQueries: number;
  answerDays: number;
  answerDaysSq: number;
  queriesDue: number;
  answeredOnTime: number;
}

/** Every site of the study with its figures (sites without subjects included, with zeros). */
export async function siteRows(db: Db, studyId: number): Promise<SiteRow[]> {
  const { rows } = await sql<SiteRow>`
    with subj as (
      select p.site_id, count(*)::int as subjects, count(p.enrollment_date)::int as enrolled,
             count(*) filter (where p.status in ('enrolled', 'completed'))::int as current,
             count(*) filter (where p.status = 'withdrawn' and p.enrollment_date is null)::int as screen_failures,
             count(*) filter (where p.enrollment_date is not null or p.status = 'withdrawn')::int as screening_ended
      from patients p where p.study_id = ${studyId} group by p.site_id),
    vis as (
      select p.site_id,
             count(*) filter (where v.scheduled_date <= current_date)::int as due_visits,
             count(*) filter (where v.scheduled_date <= current_date and v.status = 'completed')::int as due_completed,
             count(*) filter (where v.scheduled_date + vd.window_days < current_date)::int as closed_visits,
             count(*) filter (where v.scheduled_date + vd.window_days < current_date
                                and v.status in ('missed', 'pending', 'scheduled'))::int as missing_visits,
             count(v.actual_date)::int as done_visits,
             count(*) filter (where v.actual_date < v.scheduled_date - vd.window_before
                                 or v.actual_date > v.scheduled_date + vd.window_days)::int as out_of_window
      from patients p
      join subject_visits v on v.patient_id = p.id
      join visit_definitions vd on vd.id = v.visit_definition_id
      where p.study_id = ${studyId} group by p.site_id),
    frm as (
      select p.site_id, count(*)::int as forms, coalesce(sum(fs.adverse_events), 0)::int as adverse_events
      from patients p join form_submissions fs on fs.patient_id = p.id
      where p.study_id = ${studyId} and fs.status <> 'draft' group by p.site_id),
    qt as (
      select q.site_id, q.status, q.due_date, q.answered_at,
             case when q.answered_at is not null then extract(epoch from (q.answered_at - q.raised_at)) / 86400.0
                  when q.status in ('open', 'reopened') then extract(epoch from (now() - q.raised_at)) / 86400.0 end as days
      from queries q where q.study_id = ${studyId} and q.status <> 'cancelled'),
    qry as (
      select site_id, count(*)::int as queries, count(days)::int as timed_queries,
             coalesce(sum(greatest(days, 0)), 0)::float8 as answer_days,
             coalesce(sum(greatest(days, 0) ^ 2), 0)::float8 as answer_days_sq,
             count(*) filter (where due_date < current_date)::int as queries_due,
             count(*) filter (where due_date < current_date and answered_at is not null
                                and answered_at::date <= due_date)::int as answered_on_time
      from qt group by site_id)
    select ss.site_id, si.site_number, si.name as site_name, ss.status, ss.enrollment_target as target,
           ss.assigned_on, ss.activated_on,
           (current_date - ss.activated_on) as active_days, (current_date - ss.assigned_on) as waited_days,
           coalesce(subj.subjects, 0) as subjects, coalesce(subj.enrolled, 0) as enrolled,
           coalesce(subj.current, 0) as current,
           coalesce(subj.screen_failures, 0) as screen_failures, coalesce(subj.screening_ended, 0) as screening_ended,
           coalesce(vis.due_visits, 0) as due_visits, coalesce(vis.due_completed, 0) as due_completed,
           coalesce(vis.closed_visits, 0) as closed_visits, coalesce(vis.missing_visits, 0) as missing_visits,
           coalesce(vis.done_visits, 0) as done_visits, coalesce(vis.out_of_window, 0) as out_of_window,
           coalesce(frm.forms, 0) as forms, coalesce(frm.adverse_events, 0) as adverse_events,
           coalesce(qry.queries, 0) as queries, coalesce(qry.timed_queries, 0) as timed_queries,
           coalesce(qry.answer_days, 0) as answer_days, coalesce(qry.answer_days_sq, 0) as answer_days_sq,
           coalesce(qry.queries_due, 0) as queries_due, coalesce(qry.answered_on_time, 0) as answered_on_time
    from study_sites ss
    join sites si on si.id = ss.site_id
    left join subj on subj.site_id = ss.site_id
    left join vis on vis.site_id = ss.site_id
    left join frm on frm.site_id = ss.site_id
    left join qry on qry.site_id = ss.site_id
    where ss.study_id = ${studyId}
    order by si.site_number`.execute(db);
  return rows;
}

/** Enrollments per day of the study (subjects with an enrollment date, whatever their later status). */
export async function enrollmentsByDay(db: Db, studyId: number) {
  const { rows } = await sql<{ day: string; n: number }>`
    select enrollment_date::text as day, count(*)::int as n from patients
    where study_id = ${studyId} and enrollment_date is not null
    group by enrollment_date order by enrollment_date`.execute(db);
  return rows;
}

/**
 * Observed assignment-to-activation delays in days: the study's own when it has at least 3 activated
 * sites, otherwise those of the studies the user may see (the latest 2,000 activations).
 */
export async function activationDelays(db: Db, studyId: number, ids: number[] | null): Promise<number[]> {
  const own = await sql<{ d: number }>`
    select (activated_on - assigned_on) as d from study_sites
    where study_id = ${studyId} and activated_on is not null`.execute(db);
  const ownDelays = own.rows.map((r) => r.d);
  return ownDelays.length >= 3 ? ownDelays : pooledActivationDelays(db, ids);
}

/** The pool used when a study has fewer than 3 activations of its own (see activationDelays). */
export async function pooledActivationDelays(db: Db, ids: number[] | null): Promise<number[]> {
  const all = await sql<{ d: number }>`
    select (activated_on - assigned_on) as d from study_sites
    where ${inStudies('study_id', ids)} and activated_on is not null
    order by activated_on desc limit 2000`.execute(db);
  return all.rows.map((r) => r.d);
}

export interface PortfolioSiteRow {
  studyId: number;
  siteId: number;
  status: string;
  target: number;
  enrolled: number;
  activeDays: number | null;
  waitedDays: number;
}

/** For the predictions list: every study site of the given studies with its enrollments (one statement). */
export async function portfolioSiteRows(db: Db, studyIds: number[]): Promise<PortfolioSiteRow[]> {
  if (!studyIds.length) return [];
  const { rows } = await sql<PortfolioSiteRow>`
    select ss.study_id, ss.site_id, ss.status, ss.enrollment_target as target,
           coalesce(p.enrolled, 0)::int as enrolled,
           (current_date - ss.activated_on) as active_days, (current_date - ss.assigned_on) as waited_days
    from study_sites ss
    left join (select study_id, site_id, count(enrollment_date) as enrolled from patients
               where ${inStudies('study_id', studyIds)} group by study_id, site_id) p
      on p.study_id = ss.study_id and p.site_id = ss.site_id
    where ${inStudies('ss.study_id', studyIds)}
    order by ss.study_id, ss.site_id`.execute(db);
  return rows;
}

export interface PortfolioStudyRow extends StudyRow {
  enrolled: number;
  /** Activation delays of the study's activated sites. */
  delays: number[];
}

/** The recruiting studies (active or enrolling) the user may see, by code, at most `limit`, and how many there are. */
export async function recruitingStudies(db: Db, ids: number[] | null, limit: number) {
  const { rows } = await sql<PortfolioStudyRow & { total: number }>`
    select s.id, s.code, s.title, s.status, s.target_enrollment as target, s.start_date,
           coalesce((select m.target_date from milestones m where m.study_id = s.id and m.name = 'Last Patient In' limit 1),
                    s.planned_end_date) as plan_end,
           current_date::text as today,
           (select count(*) from patients p where p.study_id = s.id and p.enrollment_date is not null)::int as enrolled,
           coalesce((select array_agg(ss.activated_on - ss.assigned_on) from study_sites ss
                      where ss.study_id = s.id and ss.activated_on is not null), '{}') as delays,
           count(*) over ()::int as total
    from studies s
    where ${inStudies('s.id', ids)} and s.status in ('active', 'enrolling')
    order by s.code
    limit ${limit}`.execute(db);
  return { studies: rows, total: rows[0]?.total ?? 0 };
}

/** The study to open the page on: the user's first recruiting study by code, else their first study. */
export async function defaultStudyId(db: Db, ids: number[] | null): Promise<number | null> {
  const { rows } = await sql<{ id: number }>`
    select s.id from studies s where ${inStudies('s.id', ids)}
    order by (s.status in ('active', 'enrolling')) desc, s.code limit 1`.execute(db);
  return rows[0]?.id ?? null;
}
