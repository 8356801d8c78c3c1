// Audit rows as Recent Activity shows them (studies.recentActivity, sites.recentActivity): the acting
// user's name, the record, the reason and the changed fields. Old and new values go only to roles
// holding 'audit.read'; the others see which fields changed, not the clinical values. A subject's arm
// (planned_arm_id, actual_arm_id; an allocation's arm_id and minimization_state) is redacted when the reader does not see the study's arms (blinding.ts).
import { sql, type Db } from '@ctp/db';
import type { ActivityEvent } from '@ctp/contracts';
import { isArmField } from '../design/blinding.ts';

type Fragment = ReturnType<typeof sql<unknown>>;

interface AuditRow {
  id: number | string;
  occurredAt: Date;
  userName: string;
  action: ActivityEvent['action'];
  tableName: string;
  recordId: string;
  recordLabel: string | null;
  changes: Record<string, { old: unknown; new: unknown }>;
  reason: string;
}

/**
 * What a person calls the record: a subject's code, a site's number, a milestone's name ... (null once
 * the record is gone). Codes are pseudonymous, like the lists that show them; looked up only for the
 * page of events returned.
 */
const recordLabel = sql<string | null>`case e.table_name
  when 'studies' then (select code from studies where id = e.record_id::int)
  when 'sites' then (select site_number from sites where id = e.record_id::int)
  when 'study_sites' then (select si.site_number from study_sites ss join sites si on si.id = ss.site_id where ss.id = e.record_id::int)
  when 'patients' then (select subject_code from patients where id = e.record_id::int)
  when 'milestones' then (select name from milestones where id = e.record_id::int)
  when 'budget_lines' then (select category from budget_lines where id = e.record_id::int)
  when 'protocol_deviations' then (select p.subject_code from protocol_deviations d join patients p on p.id = d.patient_id where d.id = e.record_id::int)
  when 'forms' then (select name from forms where id = e.record_id::int)
  when 'form_submissions' then (select p.subject_code || ' · ' || f.name from form_submissions fs join patients p on p.id = fs.patient_id
                                join forms f on f.id = fs.form_id where fs.id = e.record_id::int)
  when 'subject_visits' then (select p.subject_code || ' ' || vd.code from subject_visits v join patients p on p.id = v.patient_id
                              join visit_definitions vd on vd.id = v.visit_definition_id where v.id = e.record_id::int)
end`;

/**
 * The newest `limit` events of `source` (a relation with audit_events' columns), with each actor's
 * name ('System' for the demo loader and migrations).
 */
export async function readActivity(
  db: Db,
  source: Fragment,
  limit: number,
  showValues: boolean,
  /** False in a blinded study for a blinded role: subjects' arm values are redacted. */
  armsShown = true,
): Promise<ActivityEvent[]> {
  const { rows } = await sql<AuditRow>`
    select e.id, e.occurred_at, coalesce(u.full_name, 'System') as user_name, e.action, e.table_name, e.record_id,
           ${recordLabel} as record_label, e.changes, e.reason
    from ${source} e
    left join users u on u.id = e.actor_user_id
    order by e.id desc
    limit ${limit}`.execute(db);
  return rows.map((e) => ({
    id: Number(e.id),
    timestamp: e.occurredAt.toISOString(),
    userName: e.userName,
    action: e.action,
    table: e.tableName,
    recordId: e.recordId,
    recordLabel: e.recordLabel,
    reason: e.reason,
    // A new record's own id is not a change worth naming.
    fields: Object.entries(e.changes)
      .filter(([field]) => !(e.action === 'insert' && field === 'id'))
      .map(([field, change]) =>
        showValues
          ? !armsShown && isArmField(e.tableName, field)
            ? { field, oldValue: change.old === null ? null : '[redacted]', newValue: change.new === null ? null : '[redacted]' }
            : { field, oldValue: change.old, newValue: change.new }
          : { field },
      ),
    valuesHidden: !showValues,
  }));
}
