// Issue 27 item 4: a casebook signed with unresolved queries keeps, in its manifest, the codes of the
// queries open (open, answered, re-opened) at signing time. Not part of the content hash: closing a
// query later does not break the signature. Existing signatures (and document signatures) have none.
import { sql, type Kysely } from 'kysely';

const statements = [`ALTER TABLE signatures ADD COLUMN open_queries text[] NOT NULL DEFAULT '{}'`];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
