// Issue 27 ("Deliver 5"): a notification's title and body, which the server writes, keep beside the
// English (as before) the message's key and parameters, so the bell and the notifications page show it
// in the reader's language. A body a person wrote (a query's text, a reviewer's comment) has no key and
// shows as written; rows written before have none either.
import { sql, type Kysely } from 'kysely';

const statements = [
  `ALTER TABLE notifications ADD COLUMN title_key text`,
  `ALTER TABLE notifications ADD COLUMN title_params jsonb`,
  `ALTER TABLE notifications ADD COLUMN body_key text`,
  `ALTER TABLE notifications ADD COLUMN body_params jsonb`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
