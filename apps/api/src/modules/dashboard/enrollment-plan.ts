// Enrollment against plan, per study. The plan is linear from the study's start date to its
// 'Last Patient In' milestone (or, without one, its planned end date):
//   expected(today) = targetEnrollment * clamp((today - startDate) / (planEnd - startDate), 0, 1)
// Only studies that are active or enrolling, with a start date in the past, are measured.
import { sql, type Db } from '@ctp/db';
import { currentEnrollmentOf, inStudies } from '../studies/scope-sql.ts';

export interface StudyPlanRow {
  id: number;
  code: string;
  target: number;
  actual: number;
  expected: number;
}

export async function enrollmentAgainstPlan(db: Db, studyIds: number[] | null): Promise<StudyPlanRow[]> {
  const { rows } = await sql<StudyPlanRow>`
    select s.id, s.code, s.target_enrollment as target,
      ${currentEnrollmentOf('s.id')} as actual,
      round(s.target_enrollment * least(1, greatest(0,
        (current_date - s.start_date)::numeric / nullif(coalesce(
          (select m.target_date from milestones m where m.study_id = s.id and m.name = 'Last Patient In' limit 1),
          s.planned_end_date) - s.start_date, 0))), 1) as expected
    from studies s
    where ${inStudies('s.id', studyIds)} and s.status in ('active','enrolling') and s.start_date <= current_date
    order by s.code`.execute(db);
  return rows.map((r) => ({ ...r, expected: Number(r.expected ?? 0) }));
}

/** A study is behind plan when it has enrolled less than 80% of what the plan expects by today. */
export const BEHIND_PLAN_RATIO = 0.8;

/**
 * Study sites pending activation in studies that are active, enrolling or planning (only those waiting
 * more than `waitingMoreThanDays` when given): how many, and the one waiting longest (earliest assigned,
 * then by site number). Counted in SQL: a portfolio has hundreds of them.
 */
export async function pendingActivations(db: Db, studyIds: number[] | null, waitingMoreThanDays?: number) {
  const waiting =
    waitingMoreThanDays === undefined ? sql`true` : sql`(current_date - ss.assigned_on) > ${waitingMoreThanDays}`;
  // The sites table is joined for the longest waiting only (its site number breaks ties), not for all.
  const { rows } = await sql<{ pending: number; siteNumber: string; studyCode: string; waitingDays: number }>`
    with p as materialized (
      select ss.site_id, st.code as study_code, ss.assigned_on
      from study_sites ss join studies st on st.id = ss.study_id
      where ${inStudies('ss.study_id', studyIds)} and ss.status = 'pending'
        and st.status in ('active','enrolling','planning') and ${waiting})
    select (select count(*) from p)::int as pending, si.site_number, p.study_code,
           (current_date - p.assigned_on) as waiting_days
    from p join sites si on si.id = p.site_id
    where p.assigned_on = (select min(assigned_on) from p)
    order by si.site_number
    limit 1`.execute(db);
  const first = rows[0];
  return {
    count: first?.pending ?? 0,
    longest: first ? { siteNumber: first.siteNumber, studyCode: first.studyCode, waitingDays: first.waitingDays } : null,
  };
}
