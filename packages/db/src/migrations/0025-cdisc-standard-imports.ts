// Standards imported by a user (POST /api/cdisc/standards, the Import Standards dialog): a newer SDTMIG or
// CDASHIG from its CDISC Library XML export, loaded beside the shipped ones (migration 0019).
// - cdisc_standards records who imported it, the file's name and its sha256 (null for the shipped rows,
//   which the system loaded), so the dialog and a reviewer can tell an import from the catalogue.
// - cdisc_standards is audited from here on: an import is a user action and the audit trail records the
//   standard row with its actor and reason. Its datasets and variables are reference rows derived from
//   that file (thousands per guide) and stay unaudited; the file's sha256 identifies them.
// - The readers use the newest version of a code (apps/api/src/modules/cdisc/standards/current.ts); the
//   UNIQUE (code, version) index of 0019 serves that look-up.
import { sql, type Kysely } from 'kysely';

const statements = [
  `ALTER TABLE cdisc_standards
     ADD COLUMN imported_by integer REFERENCES users(id),
     ADD COLUMN file_name text,
     ADD COLUMN file_sha256 text CHECK (file_sha256 ~ '^[0-9a-f]{64}$')`,
  `CREATE TRIGGER audit_cdisc_standards AFTER INSERT OR UPDATE OR DELETE ON cdisc_standards FOR EACH ROW EXECUTE FUNCTION audit_row()`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
