// Issue 33 item 7: the form entries CSV (clinical-data/form-entries-csv.ts) reads a study's entries by
// keyset pages (study_id = ? and id > last order by id). Without this index each page walked the primary
// key and skipped other studies' entries, and the empty last page of every study walked the rest of the
// table: a portfolio export cost studies × table size.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX form_submissions_study_id_idx ON form_submissions (study_id, id)`.execute(db);
}
