// Issue 27 ("Deliver 5" item 1): texts the server writes by itself (a missing form's query, an edit
// check's query, the note closing a query automatically) keep, beside the English as written (which
// the audit trail records), the message's key and parameters, so each reader sees it in their own
// language. Texts people write, and rows written before, have none and show as written.
import { sql, type Kysely } from 'kysely';

const statements = [
  `ALTER TABLE queries ADD COLUMN description_key text`,
  `ALTER TABLE queries ADD COLUMN description_params jsonb`,
  `ALTER TABLE query_messages ADD COLUMN body_key text`,
  `ALTER TABLE query_messages ADD COLUMN body_params jsonb`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
