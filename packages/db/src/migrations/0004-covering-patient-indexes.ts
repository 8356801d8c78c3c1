// Patients list filters answered from the indexes alone. A page of a broad search or of a status
// filter walks (site_id, id), (study_id, id) or (status, id) newest first and checks the user's scope
// (study_id, site_id) and the status on every entry; without those columns in the index, each check
// read the table row (8,800 rows for a search matching 125 sites: 5-10 ms). INCLUDE carries them in
// the index, so the walk is an index-only scan where the visibility map allows (autovacuum keeps it).
// (study_id, enrollment_date) answers a study's first and last enrollment (CTMS reports) in one probe.
import { sql, type Kysely } from 'kysely';

const statements = [
  `CREATE INDEX patients_study_id_cover_idx ON patients (study_id, id) INCLUDE (site_id, status)`,
  `CREATE INDEX patients_site_id_cover_idx ON patients (site_id, id) INCLUDE (study_id, status)`,
  `CREATE INDEX patients_status_cover_idx ON patients (status, id) INCLUDE (study_id, site_id)`,
  `CREATE INDEX patients_study_enrollment_idx ON patients (study_id, enrollment_date)`,
  `DROP INDEX patients_study_id_idx`,
  `DROP INDEX patients_site_id_idx`,
  `DROP INDEX patients_status_idx`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
