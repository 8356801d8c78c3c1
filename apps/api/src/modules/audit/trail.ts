// audit.trail: the audit trail, one entry per changed field, newest first, scoped to the user's studies
// (audit_event_scope, migration 0013; rows of no study, such as users and sites, for admins only),
// filtered by study, subject, user, table, operation and dates, paged by keyset (event id, field).
// Staff names and e-mail addresses in user records and secrets never appear in values, nor a subject's
// arm (planned_arm_id, actual_arm_id; an allocation's arm_id and minimization_state) in a blinded study to a blinded role (design/blinding.ts).
import { BULK_FIELD, sql, type Db } from '@ctp/db';
import type { AuditAction, AuditEntry, AuditListInput } from '@ctp/contracts';
import { assertStudyVisible, visibleStudyIds, type StudyScope } from '../../access.ts';
import { intArrayLiteral, type Fragment } from '../../sql-helpers.ts';
import type { SessionUser } from '../auth/session.ts';
import { armsHiddenIn, isArmField } from '../design/blinding.ts';

const REDACTED_FIELDS = new Set(['password_hash', 'token_hash', 'email', 'full_name']);

function actionOf(table: string, operation: string, statusNew: string | null, field: string): AuditAction {
  if (field === BULK_FIELD) return 'bulk_loaded';
  if (table === 'queries' && operation === 'insert') return 'query_raised';
  if (table === 'form_submissions' && statusNew === 'submitted') return 'form_submitted';
  if (operation === 'insert') return 'record_created';
  if (operation === 'delete') return 'record_deleted';
  return 'data_modified';
}

interface Row {
  eventId: string;
  occurredAt: Date;
  actorUserId: number | null;
  userName: string | null;
  operation: AuditEntry['operation'];
  tableName: string;
  recordId: string;
  field: string;
  oldValue: unknown;
  newValue: unknown;
  statusNew: string | null;
  reason: string;
  clientIp: string | null;
  /** For an arm field of a subject: the subject's study (null once the subject is gone). */
  armStudyId: number | null;
}

/** The filters of audit.trail, and (server-side only: the site close-out archive) one site's subjects. */
export type AuditTrailFilter = AuditListInput & { siteId?: number };

export async function auditTrail(db: Db, user: SessionUser, scope: StudyScope, input: AuditTrailFilter): Promise<{ items: AuditEntry[]; nextCursor: string | null }> {
  if (input.studyId) assertStudyVisible(scope, input.studyId);
  const conditions: Fragment<boolean>[] = [];
  const ids = input.studyId ? [input.studyId] : visibleStudyIds(scope);
  // One study: walk its events newest first on the scope index (a study may hold few of millions);
  // many studies (most of the trail): walk all events newest first, checking each one's study.
  const oneStudy = ids && ids.length === 1 ? ids[0]! : null;
  if (oneStudy !== null) {
    conditions.push(sql<boolean>`s.study_id = ${oneStudy}`);
  } else if (ids) {
    // Many studies (most of the trail): walk the events newest first, checking each one's study.
    conditions.push(sql<boolean>`exists (select 1 from audit_event_scope s where s.event_id = e.id and s.study_id = any(${intArrayLiteral(ids)}::int[]))`);
  }
  if (input.patientId) {
    const p = input.patientId;
    conditions.push(sql<boolean>`((e.table_name = 'patients' and e.record_id = ${String(p)})
      or (e.table_name = 'subject_visits' and e.record_id in (select id::text from subject_visits where patient_id = ${p}))
      or (e.table_name = 'form_submissions' and e.record_id in (select id::text from form_submissions where patient_id = ${p}))
      or (e.table_name = 'queries' and e.record_id in (select id::text from queries where patient_id = ${p})))`);
  }
  if (input.siteId) {
    // A site's part of the trail: its subjects' records, visits, form entries and queries.
    const site = sql`(select id from patients where site_id = ${input.siteId}${input.studyId ? sql` and study_id = ${input.studyId}` : sql``})`;
    conditions.push(sql<boolean>`((e.table_name = 'patients' and e.record_id in (select id::text from patients where id in ${site}))
      or (e.table_name = 'subject_visits' and e.record_id in (select id::text from subject_visits where patient_id in ${site}))
      or (e.table_name = 'form_submissions' and e.record_id in (select id::text from form_submissions where patient_id in ${site}))
      or (e.table_name = 'queries' and e.record_id in (select id::text from queries where patient_id in ${site})))`);
  }
  if (input.userId) conditions.push(sql<boolean>`e.actor_user_id = ${input.userId}`);
  if (input.table) conditions.push(sql<boolean>`e.table_name = ${input.table}`);
  if (input.operation) conditions.push(sql<boolean>`e.action = ${input.operation}`);
  if (input.from) conditions.push(sql<boolean>`e.occurred_at >= ${input.from}::date`);
  if (input.to) conditions.push(sql<boolean>`e.occurred_at < ${input.to}::date + 1`);
  let after = sql<boolean>`true`;
  if (input.cursor) {
    const [eventId, field] = input.cursor.split(':') as [string, string];
    conditions.push(oneStudy !== null ? sql<boolean>`s.event_id <= ${eventId}::bigint` : sql<boolean>`e.id <= ${eventId}::bigint`);
    after = sql<boolean>`(e.id < ${eventId}::bigint or c.key < ${field})`;
  }
  const where = conditions.length ? sql.join(conditions, sql` and `) : sql`true`;
  // The page's events first, walked by primary key: the cursor's own event (whose fields may be used up)
  // and limit + 1 more, each with at least one changed field, hold the page and tell whether more follow.
  const { rows } = await sql<Row>`
    with ev as materialized (
      select e.* from ${oneStudy !== null ? sql`audit_event_scope s join audit_events e on e.id = s.event_id` : sql`audit_events e`}
       where ${where} order by ${oneStudy !== null ? sql`s.event_id` : sql`e.id`} desc limit ${input.limit + 2})
    select e.id::text as "eventId", e.occurred_at as "occurredAt", e.actor_user_id as "actorUserId", u.full_name as "userName",
           e.action as operation, e.table_name as "tableName", e.record_id as "recordId", c.key as field,
           c.value -> 'old' as "oldValue", c.value -> 'new' as "newValue", e.changes -> 'status' ->> 'new' as "statusNew",
           e.reason, e.client_ip as "clientIp",
           case when e.table_name = 'patients' and c.key in ('planned_arm_id', 'actual_arm_id')
                then (select p.study_id from patients p where p.id::text = e.record_id)
                when e.table_name = 'randomization_allocations' and c.key in ('arm_id', 'minimization_state')
                then (select a.study_id from randomization_allocations a where a.id::text = e.record_id)
                when e.table_name = 'randomization_corrections' and c.key in ('from_arm_id', 'to_arm_id')
                then (select k.study_id from randomization_corrections k where k.id::text = e.record_id)
                when e.table_name = 'randomization_schemes' and c.key = 'arms'
                then (select s.study_id from randomization_schemes s where s.id::text = e.record_id) end as "armStudyId"
      from ev e cross join lateral jsonb_each(e.changes) c
      left join users u on u.id = e.actor_user_id
     where ${after}
     order by e.id desc, c.key desc
     limit ${input.limit + 1}`.execute(db.withoutPlugins());
  const more = rows.length > input.limit;
  const page = rows.slice(0, input.limit);
  const armsHidden = await armsHiddenIn(db, user, scope, page.flatMap((r) => (r.armStudyId === null ? [] : [r.armStudyId])));
  const items = page.map((r): AuditEntry => {
    // Secrets anywhere; staff names and addresses in user records; arms of a blinded study to blinded roles
    // (a subject no longer there: its study unknown, its arm hidden from all but administrators).
    const armHidden = isArmField(r.tableName, r.field)
      && (r.armStudyId === null ? !(scope.all || user.role === 'admin') : armsHidden.has(r.armStudyId));
    const hide = armHidden || r.field.endsWith('_hash') || (r.tableName === 'users' && REDACTED_FIELDS.has(r.field));
    return {
      id: `${r.eventId}:${r.field}`,
      cursor: `${r.eventId}:${r.field}`,
      eventId: Number(r.eventId),
      timestamp: new Date(r.occurredAt).toISOString(),
      userId: r.actorUserId,
      userName: r.userName ?? 'System',
      action: actionOf(r.tableName, r.operation, r.statusNew, r.field),
      operation: r.operation,
      table: r.tableName,
      recordId: r.recordId,
      field: r.field,
      oldValue: hide && r.oldValue !== null ? '[redacted]' : r.oldValue,
      newValue: hide && r.newValue !== null ? '[redacted]' : r.newValue,
      reason: r.reason,
      ipAddress: r.clientIp,
    };
  });
  return { items, nextCursor: more ? items[items.length - 1]!.cursor : null };
}
