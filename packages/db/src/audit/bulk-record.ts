// The audit record of a bulk load (issue 29): one chained audit row per table, study and run of
// consecutive ids that a bulk unit loaded, instead of one per row. Its changes hold a single field,
// `bulk_load`, whose new value says how many rows were loaded, their id range and a SHA-256 of their
// content. What the hash attests is each row AS LOADED: the row as jsonb without updated_at and version
// (which the audit trigger never records either) and without secrets (which it redacts), in id order,
// "<id> <jsonb>" lines joined by newlines, with timestamps written in UTC.
// The verification rebuilds the rows as loaded from the table as it is now and the audit rows written
// after the record: a column changed later through the product takes back the `old` value of its first
// later change, a row deleted later comes back from its delete row. So a difference is explained by the
// audit trail or reported: a change made with the audit trigger disabled shows at the record.
import { sql } from 'kysely';
import type { Db } from '../connect.ts';
import { AUDITED_TABLES } from '../migrations/index.ts';

/** The changes key of a bulk record (no table has a column of that name). */
export const BULK_FIELD = 'bulk_load';

export interface BulkLoad {
  rows: number;
  first_id: number;
  last_id: number;
  sha256: string;
}

/** Columns left out of the attested content: not recorded by the trigger (updated_at, version) or secret. */
export const BULK_EXCLUDED_COLUMNS = ['updated_at', 'version', 'password_hash', 'token_hash'];

/** The attested content of row `alias` (a composite of the table's row type), SQL. */
export const bulkRowContent = (alias: string) =>
  `(to_jsonb(${alias}) - '{${BULK_EXCLUDED_COLUMNS.join(',')}}'::text[])`;

/** The hash over rows (id, content) of a group, SQL aggregate. Set TimeZone to UTC before running it. */
export const bulkHashAggregate = (id: string, content: string) =>
  `encode(sha256(convert_to(coalesce(string_agg(${id}::text || ' ' || ${content}::text, E'\\n' order by ${id}), ''), 'UTF8')), 'hex')`;

/**
 * Recomputes one bulk record against its table: the rows as loaded (see above) must be as many as the
 * record says and hash to its digest. Runs in its own transaction (TimeZone UTC for the hash).
 */
export async function checkBulkRecord(db: Db, eventId: number, table: string, load: BulkLoad): Promise<boolean> {
  if (!(AUDITED_TABLES as readonly string[]).includes(table)) return false;
  const t = `"${table}"`;
  return db.transaction().execute(async (tx) => {
    await sql`set local timezone = 'UTC'`.execute(tx);
    const { rows } = await sql<{ n: string; sha: string }>`
      with later as (
        select e.id, e.record_id::bigint as rid, e.action, e.changes from audit_events e
         where e.table_name = ${table} and e.id > ${eventId} and e.record_id ~ '^[0-9]{1,18}$'
           and e.record_id::bigint between ${load.first_id} and ${load.last_id} and not e.changes ? ${BULK_FIELD}),
      first_change as (
        select distinct on (l.rid, c.key) l.rid, c.key, c.value -> 'old' as old
          from later l cross join lateral jsonb_each(l.changes) c
         where l.action <> 'insert' order by l.rid, c.key, l.id),
      restore as (select rid, jsonb_object_agg(key, old) as old from first_change group by rid),
      loaded as (
        select t.id, jsonb_populate_record(t, coalesce(r.old, '{}'::jsonb)) as r
          from ${sql.raw(t)} t left join restore r on r.rid = t.id
         where t.id between ${load.first_id} and ${load.last_id}
        union all
        select r.rid, jsonb_populate_record(null::${sql.raw(t)}, r.old) from restore r
         where not exists (select 1 from ${sql.raw(t)} t where t.id = r.rid))
      select count(*)::text as n, ${sql.raw(bulkHashAggregate('id', bulkRowContent('r')))} as sha from loaded`.execute(tx);
    return Number(rows[0]!.n) === load.rows && rows[0]!.sha === load.sha256;
  });
}
