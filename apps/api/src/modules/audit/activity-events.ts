// Audit rows as Recent Activity shows them (studies.recentActivity, sites.recentActivity): the acting
// user's name, the record, the reason and the changed fields. Old and new values go only to roles
// holding 'audit.read'; the others see which fields changed, not the clinical values.
import { sql, type Db } from '@ctp/db';
import type { ActivityEvent } from '@ctp/contracts';

type Fragment = ReturnType<typeof sql<unknown>>;

interface AuditRow {
  id: number | string;
  occurredAt: Date;
  userName: string;
  action: ActivityEvent['action'];
  tableName: string;
  recordId: string;
  changes: Record<string, { old: unknown; new: unknown }>;
  reason: string;
}

/**
 * The newest `limit` events of `source` (a relation with audit_events' columns), with each actor's
 * name ('System' for the demo loader and migrations).
 */
export async function readActivity(db: Db, source: Fragment, limit: number, showValues: boolean): Promise<ActivityEvent[]> {
  const { rows } = await sql<AuditRow>`
    select e.id, e.occurred_at, coalesce(u.full_name, 'System') as user_name, e.action, e.table_name, e.record_id,
           e.changes, e.reason
    from ${source} e
    left join users u on u.id = e.actor_user_id
    order by e.id desc
    limit ${limit}`.execute(db);
  return rows.map((e) => ({
    id: Number(e.id),
    timestamp: e.occurredAt,
    userName: e.userName,
    action: e.action,
    table: e.tableName,
    recordId: e.recordId,
    reason: e.reason,
    fields: Object.entries(e.changes).map(([field, change]) =>
      showValues ? { field, oldValue: change.old, newValue: change.new } : { field },
    ),
    valuesHidden: !showValues,
  }));
}
