// A subject visit's status, derived from its dates and its forms (written in the README):
//   completed  every form due at the visit is submitted, within the window, none with an open warning;
//   warning    submitted outside the window [target - before, target + after], or with an open edit-check
//              warning, or partly entered once the window has closed;
//   missed     the window has closed and nothing was entered;
//   pending    the window is open (or the visit is due) and it is not complete;
//   scheduled  the window has not opened yet.
// A visit without due forms completes with any submitted form. The status is stored (the patients list,
// the dashboard and the inclusions grid read it) and recomputed here whenever a form of the visit is
// saved, and for every visit whose window closed since the last pass (refreshClosedWindows).
import { sql, type Tx, type Db } from '@ctp/db';

/** The rule above as SQL over a visit (sv), its definition (vd) and its forms (due). */
function derived(today: string) {
  return sql<string>`case
    when due.total > 0 and due.submitted = due.total or due.total = 0 and due.submitted > 0 then
      case when due.warnings > 0
             or sv.actual_date < sv.scheduled_date - vd.window_before
             or sv.actual_date > sv.scheduled_date + vd.window_days then 'warning' else 'completed' end
    when ${today}::date > sv.scheduled_date + vd.window_days then
      case when due.entered > 0 then 'warning' else 'missed' end
    when ${today}::date >= sv.scheduled_date - vd.window_before then 'pending'
    else 'scheduled' end`;
}

/** Per visit: forms due, due forms submitted, any form entered, open warnings among its submissions. */
const DUE = sql`lateral (
    select (select count(*) from visit_forms vf where vf.visit_definition_id = sv.visit_definition_id)::int as total,
           (select count(*) from visit_forms vf join form_submissions s on s.form_id = vf.form_id and s.subject_visit_id = sv.id and s.status <> 'draft'
             where vf.visit_definition_id = sv.visit_definition_id)::int
             + case when not exists (select 1 from visit_forms vf where vf.visit_definition_id = sv.visit_definition_id)
                    then (select count(*) from form_submissions s where s.subject_visit_id = sv.id and s.status <> 'draft')::int else 0 end as submitted,
           (select count(*) from form_submissions s where s.subject_visit_id = sv.id)::int as entered,
           (select coalesce(sum(s.warning_count), 0) from form_submissions s where s.subject_visit_id = sv.id and s.status <> 'draft')::int as warnings
  ) due`;

/** Recomputes one visit's status (and its actual date from the first submitted form's visit date). */
export async function refreshVisitStatus(tx: Tx, subjectVisitId: number, today: string): Promise<void> {
  await sql`
    update subject_visits sv set
      actual_date = coalesce(sv.actual_date, (select min(s.visit_date) from form_submissions s where s.subject_visit_id = sv.id and s.status <> 'draft')),
      status = x.status, updated_at = now(), version = sv.version + 1
    from (select sv.id, ${derived(today)} as status
            from subject_visits sv join visit_definitions vd on vd.id = sv.visit_definition_id, ${DUE}
           where sv.id = ${subjectVisitId}) x
   where sv.id = x.id and (sv.status is distinct from x.status or sv.actual_date is null)`.execute(tx);
}

/**
 * Visits whose window closed on or before `today` and that are still pending or scheduled: missed, or
 * warning when partly entered. Run by the background pass; touches only visits due for a change.
 */
export async function refreshClosedWindows(tx: Tx | Db, today: string): Promise<number> {
  const result = await sql`
    update subject_visits sv set status = x.status, updated_at = now(), version = sv.version + 1
    from (select sv.id, ${derived(today)} as status
            from subject_visits sv join visit_definitions vd on vd.id = sv.visit_definition_id, ${DUE}
           where sv.status in ('pending', 'scheduled') and sv.scheduled_date <= ${today}::date + 31) x
   where sv.id = x.id and sv.status <> x.status`.execute(tx);
  return Number(result.numAffectedRows ?? 0);
}

/** How many visits' stored status differs from the rule today (0 when the data keeps the rule). */
export async function visitsOffRule(db: Tx | Db, today: string): Promise<{ status: string; derived: string; n: number }[]> {
  const { rows } = await sql<{ status: string; derived: string; n: number }>`
    select x.status, x.derived, count(*)::int as n
      from (select sv.status, ${derived(today)} as derived
              from subject_visits sv join visit_definitions vd on vd.id = sv.visit_definition_id, ${DUE}) x
     where x.status <> x.derived group by 1, 2`.execute(db);
  return rows;
}
