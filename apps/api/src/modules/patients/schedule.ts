// Subject codes and visit scheduling, shared by enrolment and status changes.
import { sql, type Tx } from '@ctp/db';

/**
 * The subject code, in the demo data's format:
 *   <study code up to its first dash>-<site's 2-digit position in the study>-<4-digit sequence at that site>
 * e.g. study ONC-2024-001, its third site, fifth subject there: ONC-03-0005.
 */
export function subjectCode(studyCode: string, sitePosition: number, sequence: number): string {
  return `${studyCode.split('-')[0]}-${String(sitePosition).padStart(2, '0')}-${String(sequence).padStart(4, '0')}`;
}

/**
 * Schedules the study's visits that the subject does not have yet, `codes` limiting which ones
 * (null: all remaining). scheduled_date = anchor + day_offset, or the anchor itself for the
 * selection visit (SEL), which happens at screening. Status by the visit-status rule
 * (submissions/visit-status.ts) for a visit with nothing entered: missed once its window has closed,
 * pending while it is open, else scheduled. Returns the number of visits created.
 */
export async function scheduleVisits(
  tx: Tx,
  p: { patientId: number; studyId: number; anchor: string; today: string; codes: string[] | null },
): Promise<number> {
  const codes = p.codes ? sql`and vd.code = any(${p.codes}::text[])` : sql`and vd.code <> 'SEL'`;
  const result = await sql`
    insert into subject_visits (patient_id, visit_definition_id, status, scheduled_date)
    select ${p.patientId}, vd.id,
           case when sched.d + vd.window_days < ${p.today}::date then 'missed'
                when sched.d - vd.window_before <= ${p.today}::date then 'pending' else 'scheduled' end,
           sched.d
    from visit_definitions vd
    cross join lateral (select case when vd.code = 'SEL' then ${p.anchor}::date
                                    else ${p.anchor}::date + vd.day_offset end as d) sched
    where vd.study_id = ${p.studyId} ${codes}
      and not exists (select 1 from subject_visits sv where sv.patient_id = ${p.patientId} and sv.visit_definition_id = vd.id)
    order by vd.sort_order`.execute(tx);
  return Number(result.numAffectedRows ?? 0);
}
