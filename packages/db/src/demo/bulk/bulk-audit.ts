// The audit trail of a bulk-loaded unit, written in a few statements instead of a trigger call per row.
// Inside the unit's transaction the audit triggers are disabled (ALTER TABLE is transactional: a failed
// unit leaves them enabled and writes nothing), the rows are loaded, the triggers are enabled again, and
// the unit's rows get one audit row per table, study and run of consecutive ids (audit/bulk-record.ts):
// "N rows loaded in bulk", their id range and the SHA-256 of their content as loaded, with the actor and
// reason of the transaction and the study's scope, chained with audit_chain (0043) after the trail's last
// row, under the trigger's own lock. Updates the unit made to its own rows are part of what it loaded.
import type pg from 'pg';
import type { LoadTimings } from './timings.ts';
import { AUDITED_TABLES } from '../../migrations/index.ts';
import { BULK_FIELD, bulkHashAggregate, bulkRowContent } from '../../audit/bulk-record.ts';

/** The study of a row (t) where it is not the row's own study_id (as the trigger's STUDY_OF). */
const STUDY_OF: Record<string, string> = {
  studies: 't.id',
  subject_visits: '(select p.study_id from patients p where p.id = t.patient_id)',
  form_versions: '(select f.study_id from forms f where f.id = t.form_id)',
  visit_forms: '(select vd.study_id from visit_definitions vd where vd.id = t.visit_definition_id)',
  query_messages: '(select q.study_id from queries q where q.id = t.query_id)',
};
const AUDIT_LOCK = 7241001;

interface AuditedTable {
  table: string;
  trigger: string;
  /** The study of the row, or null (SQL over t). */
  study: string;
}

/** Per connection (each loader has its own): the audited tables, their triggers and whether they have study_id. */
const auditedTables = new WeakMap<pg.ClientBase, Promise<AuditedTable[]>>();

async function auditTriggers(client: pg.ClientBase): Promise<AuditedTable[]> {
  const r = await client.query<{ table: string; trigger: string; hasStudy: boolean }>(
    `select c.relname as "table", t.tgname as "trigger",
            exists(select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'study_id' and not a.attisdropped) as "hasStudy"
       from pg_trigger t join pg_class c on c.oid = t.tgrelid
      where t.tgfoid = 'audit_row'::regproc and not t.tgisinternal and c.relname = any($1)`,
    [AUDITED_TABLES],
  );
  const order = new Map<string, number>(AUDITED_TABLES.map((t, k) => [t, k]));
  return r.rows
    .sort((a, b) => order.get(a.table)! - order.get(b.table)!)
    .map((row) => ({ table: row.table, trigger: row.trigger, study: STUDY_OF[row.table] ?? (row.hasStudy ? 't.study_id' : 'null::int') }));
}

export async function withBulkAudit<T>(client: pg.ClientBase, work: () => Promise<T>, timings?: LoadTimings): Promise<T> {
  if (!auditedTables.has(client)) auditedTables.set(client, auditTriggers(client));
  const triggers = await auditedTables.get(client)!;
  const tables = triggers.map((t) => t.table);
  const marks = await client.query<{ t: string; id: string }>(
    tables.map((t) => `select '${t}' as t, coalesce(max(id), 0) as id from ${t}`).join(' union all '),
  );
  const watermark = new Map(marks.rows.map((r) => [r.t, Number(r.id)]));
  await client.query(triggers.map((t) => `ALTER TABLE ${t.table} DISABLE TRIGGER ${t.trigger}`).join(';\n'));
  const result = await (timings ? timings.time('unit work (generator and COPY)', work) : work());
  const auditStarted = performance.now();
  await client.query(triggers.map((t) => `ALTER TABLE ${t.table} ENABLE TRIGGER ${t.trigger}`).join(';\n'));

  await client.query('select pg_advisory_xact_lock($1)', [AUDIT_LOCK]);
  const tail = await client.query<{ id: string | null; hash: string | null; seq: string }>(
    `select (select id from audit_events order by id desc limit 1) as id,
            (select hash from audit_events order by id desc limit 1) as hash,
            (select case when is_called then last_value else last_value - 1 end from audit_events_id_seq) as seq`,
  );
  const base = Math.max(Number(tail.rows[0]!.id ?? 0), Number(tail.rows[0]!.seq));
  // The unit's rows of each table, grouped by study and by run of consecutive ids within it (gaps and
  // islands), so that the id ranges of a table's records never overlap: a record covers every row of its
  // table between its first and last id.
  const sources = triggers
    .map(({ table: t, study }, k) => `select ${k} as ord, '${t}'::text as tbl, t.id, ${bulkRowContent('t')} as content, ${study} as study_id
                      from ${t} t where t.id > ${watermark.get(t)!}`)
    .join('\n union all ');
  await client.query(`set local timezone = 'UTC'`);
  const hashed = performance.now();
  await client.query(`create temp table bulk_audit on commit drop as
    select ${base} + row_number() over (order by ord, min(id)) as event_id, tbl, study_id, min(id)::text as record_id,
           jsonb_build_object('${BULK_FIELD}', jsonb_build_object('old', null, 'new', jsonb_build_object(
             'rows', count(*), 'first_id', min(id), 'last_id', max(id), 'sha256', ${bulkHashAggregate('id', 'content')}))) as changes
      from (select s.*, row_number() over (partition by ord order by id) - row_number() over (partition by ord, study_id order by id) as run
              from (${sources}) s) g
     group by ord, tbl, study_id, run`);
  timings?.add('audit: rows read and hashed', performance.now() - hashed);
  const inserted = await client.query(
    `insert into audit_events (id, occurred_at, table_name, record_id, action, changes, actor_user_id, reason, client_ip, prev_hash, hash)
     select event_id, at, tbl, record_id, 'insert', changes, actor, reason, ip, coalesce(lag(hash) over (order by event_id), $1), hash
       from (select b.*, x.*, audit_chain(b.event_id, x.at, b.tbl, b.record_id, 'insert', b.changes, x.actor, x.reason, x.ip, $1) over (order by b.event_id) as hash
               from bulk_audit b,
                    (select clock_timestamp() as at,
                            case when current_setting('app.user_id') = 'system' then null else current_setting('app.user_id')::int end as actor,
                            current_setting('app.reason') as reason,
                            nullif(current_setting('app.client_ip', true), '') as ip) x) c
      order by event_id`,
    [tail.rows[0]!.hash],
  );
  if (inserted.rowCount) {
    await client.query(`insert into audit_event_scope (event_id, study_id) select event_id, study_id from bulk_audit where study_id is not null`);
    await client.query(`select setval('audit_events_id_seq', $1)`, [base + inserted.rowCount]);
  }
  await client.query('drop table bulk_audit');
  timings?.add('audit records', performance.now() - auditStarted);
  return result;
}
