// Archiving a subject from the inclusions list: the subject leaves the default list, a filter shows
// it, nothing is deleted; who archived it, when and why are in the audit trail.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE patients ADD COLUMN archived_at timestamptz`.execute(db);
  await sql`CREATE INDEX patients_study_inclusions_idx ON patients (study_id, (archived_at IS NULL), subject_code)`.execute(db);
}
