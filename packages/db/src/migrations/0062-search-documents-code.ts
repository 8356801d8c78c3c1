// Issue 29: the top bar's search matches documents by title or code (search/global.ts); only the title
// had a trigram index, so the OR of the two read every document in scope (linear in the portfolio's
// documents). With both indexed it is a BitmapOr of two trigram scans, bounded by the matches.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX documents_code_trgm_idx ON documents USING gin (code gin_trgm_ops)`.execute(db);
}
