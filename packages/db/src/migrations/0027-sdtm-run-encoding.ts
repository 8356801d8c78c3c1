// The text encoding of an SDTM run's XPT files (issue 25). XPT v5 cannot say how its bytes are text, so the
// run records it: sdtm_runs.encoding is 'ascii' (non-ASCII characters transliterated), 'latin1' or
// 'windows-1252' (one byte a character, the rest transliterated) or 'utf8' (on request); encoding_changes
// counts the values it changed. Runs made before this column wrote UTF-8, so they read 'utf8'; a new run
// names its encoding (no default). The list of changed values (dataset, variable, record, USUBJID, how
// many characters: never the values) is the run's derived output, like its datasets: one row per run in
// sdtm_run_encoding_reports, not audited (the run row is, at its start and status changes).
import { sql, type Kysely } from 'kysely';

const statements = [
  `ALTER TABLE sdtm_runs
    ADD COLUMN encoding text NOT NULL DEFAULT 'utf8' CHECK (encoding IN ('ascii','latin1','windows-1252','utf8')),
    ADD COLUMN encoding_changes integer NOT NULL DEFAULT 0 CHECK (encoding_changes >= 0)`,
  `ALTER TABLE sdtm_runs ALTER COLUMN encoding DROP DEFAULT`,
  `CREATE TABLE sdtm_run_encoding_reports (
    run_id integer PRIMARY KEY REFERENCES sdtm_runs(id),
    changes jsonb NOT NULL DEFAULT '[]'
  )`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
