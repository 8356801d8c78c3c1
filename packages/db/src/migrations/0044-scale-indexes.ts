// Issue 29: indexes for the lists that read a whole scope where they should read a page, found in the
// plans at 127,000 and a million subjects (README, Benchmark).
import { sql, type Kysely } from 'kysely';

const statements = [
  // The eTMF document list, newest change first (etmf/list.ts): walked in order, stopped at the page.
  `CREATE INDEX documents_updated_idx ON documents (updated_at DESC, id DESC)`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
