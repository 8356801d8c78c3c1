// The change history of form entries, read from the audit trail (audit_events rows of form_submissions
// whose `data` or `status` changed): for each change, who, when, why, and each field's old and new value.
// Shared by the ODM clinical data export (AuditRecords) and the casebook PDF (change history).
import { sql, type Db } from '@ctp/db';

export interface FieldChange {
  field: string;
  old: unknown;
  new: unknown;
}

export interface EntryChange {
  eventId: number;
  at: Date;
  action: 'insert' | 'update' | 'delete';
  userId: number | null;
  userName: string | null;
  reason: string;
  /** The entered values that changed (field codes; a repeating group as its whole list of rows). */
  fields: FieldChange[];
  /** The entry's status change, when there was one (draft -> submitted ...). */
  status: { old: string | null; new: string | null } | null;
}

type Values = Record<string, unknown>;

function valuesOf(json: unknown): Values {
  const v = typeof json === 'string' ? (JSON.parse(json) as unknown) : json;
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Values) : {};
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The fields whose value differs between two versions of an entry's data, in the newer version's key order. */
export function changedFields(oldJson: unknown, newJson: unknown): FieldChange[] {
  const before = valuesOf(oldJson);
  const after = valuesOf(newJson);
  const keys = [...new Set([...Object.keys(after), ...Object.keys(before)])];
  return keys.filter((k) => !same(before[k], after[k])).map((k) => ({ field: k, old: before[k] ?? null, new: after[k] ?? null }));
}

interface Row {
  eventId: number;
  submissionId: number;
  occurredAt: Date | string;
  action: EntryChange['action'];
  actorUserId: number | null;
  userName: string | null;
  reason: string;
  data: { old: unknown; new: unknown } | null;
  status: { old: string | null; new: string | null } | null;
}

/** Each entry's changes, oldest first (entries without any recorded change are absent from the map). */
export async function entryHistories(db: Db, submissionIds: number[]): Promise<Map<number, EntryChange[]>> {
  const out = new Map<number, EntryChange[]>();
  if (!submissionIds.length) return out;
  const { rows } = await sql<Row>`
    select e.id::int as event_id, e.record_id::int as submission_id, e.occurred_at, e.action, e.actor_user_id, u.full_name as user_name,
           e.reason, e.changes -> 'data' as data, e.changes -> 'status' as status
      from audit_events e left join users u on u.id = e.actor_user_id
     where e.table_name = 'form_submissions' and e.record_id = any(string_to_array(${submissionIds.join(',')}, ','))
       and (e.changes -> 'data' is not null or e.changes -> 'status' is not null)
     order by e.id`.execute(db);
  for (const r of rows) {
    const data = typeof r.data === 'string' ? (JSON.parse(r.data) as Row['data']) : r.data;
    const status = typeof r.status === 'string' ? (JSON.parse(r.status) as Row['status']) : r.status;
    const change: EntryChange = {
      eventId: r.eventId,
      at: new Date(r.occurredAt),
      action: r.action,
      userId: r.actorUserId,
      userName: r.userName,
      reason: r.reason,
      fields: data ? changedFields(data.old, data.new) : [],
      status: status ?? null,
    };
    if (!change.fields.length && !change.status) continue;
    const list = out.get(r.submissionId) ?? [];
    list.push(change);
    out.set(r.submissionId, list);
  }
  return out;
}
