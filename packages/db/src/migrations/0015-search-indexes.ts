// The top bar's global search (apps/api/src/modules/search) matches '%term%', case-insensitive, in
// study codes and titles, site numbers and query codes and descriptions. A B-tree cannot serve a
// leading wildcard; a trigram GIN index on the plain column serves ILIKE (pg_trgm, migration 0003), as
// the subject code (0003) and site name (0008) indexes do. Forms are searched through the lower(name)
// index of 0010. IF NOT EXISTS: a database may already carry an index of the same name made by hand.
import { sql, type Kysely } from 'kysely';

const statements = [
  `CREATE INDEX IF NOT EXISTS studies_code_trgm_idx ON studies USING gin (code gin_trgm_ops)`,
  `CREATE INDEX IF NOT EXISTS studies_title_trgm_idx ON studies USING gin (title gin_trgm_ops)`,
  `CREATE INDEX IF NOT EXISTS sites_site_number_trgm_idx ON sites USING gin (site_number gin_trgm_ops)`,
  `CREATE INDEX IF NOT EXISTS queries_code_trgm_idx ON queries USING gin (code gin_trgm_ops)`,
  `CREATE INDEX IF NOT EXISTS queries_description_trgm_idx ON queries USING gin (description gin_trgm_ops)`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
