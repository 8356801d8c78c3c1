// Issue 29: the audit trail filtered by table (audit/trail.ts, "all studies" or an admin's view) walks
// the events newest first and keeps those of the table: for a table with few events among millions it
// read most of the trail. With (table_name, id) the walk is the table's own events, stopped at the page.
// The bulk-load verification (audit/bulk-record.ts) reads a table's events after a record the same way.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX audit_events_table_idx ON audit_events (table_name, id)`.execute(db);
}
