// Issue 29: indexes for the lists that read a whole scope where they should read a page, found in the
// plans at 127,000 and a million subjects (README, Benchmark).
import { sql, type Kysely } from 'kysely';

const statements = [
  // The eTMF document list, newest change first (etmf/list.ts): walked in order, stopped at the page.
  `CREATE INDEX documents_updated_idx ON documents (updated_at DESC, id DESC)`,
  // The forms list, last changed first (forms/list.ts), the same way.
  `CREATE INDEX forms_updated_idx ON forms (updated_at DESC, id DESC)`,
  // The queries screen's cards and tiles (queries/list.ts querySummary): counted from the index alone,
  // not the table (a third of the time at 36,000 queries; still one entry read per query in scope).
  `CREATE INDEX queries_counts_idx ON queries (study_id) INCLUDE (status, priority, due_date, site_id)`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
