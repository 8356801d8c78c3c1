// patient_counts (migration 0003) maintained once per statement instead of once per row.
// The row trigger upserted one counts row per subject: a batch of 1,000 new subjects at one site
// rewrote the same few rows 1,000 times, and every rewrite left a dead row version behind until the
// transaction ended. Loading the scale-100 demo data grew the table to 25 times its live size (6 MB
// for 8,000 rows), which every list and tile summing the counts then read. These statement triggers
// group the statement's changed rows (its transition tables) by study, site and status and apply one
// change per group.
// A transition table needs a trigger of its own per event, and an UPDATE trigger with one has no
// column list: the update trigger sees every patients update and counts only the subjects whose
// study, site or status changed.
import { sql, type Kysely } from 'kysely';

/** The subjects of an UPDATE statement that moved from one (study, site, status) to another. */
const moved = `old_rows o JOIN new_rows w ON w.id = o.id
  WHERE (o.study_id, o.site_id, o.status) IS DISTINCT FROM (w.study_id, w.site_id, w.status)`;

const add = (groups: string) => `INSERT INTO patient_counts AS c (study_id, site_id, status, n) ${groups}
  ON CONFLICT (study_id, site_id, status) DO UPDATE SET n = c.n + EXCLUDED.n`;

const subtract = (groups: string) => `UPDATE patient_counts c SET n = c.n - d.n FROM (${groups}) d
  WHERE c.study_id = d.study_id AND c.site_id = d.site_id AND c.status = d.status`;

const statements = [
  `DROP TRIGGER patient_counts_track ON patients`,
  `DROP FUNCTION patient_counts_track()`,
  `CREATE FUNCTION patient_counts_track_statement() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        ${add('SELECT study_id, site_id, status, count(*) FROM new_rows GROUP BY 1, 2, 3')};
      ELSIF TG_OP = 'DELETE' THEN
        ${subtract('SELECT study_id, site_id, status, count(*) AS n FROM old_rows GROUP BY 1, 2, 3')};
      ELSE
        ${subtract(`SELECT o.study_id, o.site_id, o.status, count(*) AS n FROM ${moved} GROUP BY 1, 2, 3`)};
        ${add(`SELECT w.study_id, w.site_id, w.status, count(*) FROM ${moved} GROUP BY 1, 2, 3`)};
      END IF;
      RETURN NULL;
    END
  $$`,
  `CREATE TRIGGER patient_counts_insert AFTER INSERT ON patients REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION patient_counts_track_statement()`,
  `CREATE TRIGGER patient_counts_delete AFTER DELETE ON patients REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION patient_counts_track_statement()`,
  `CREATE TRIGGER patient_counts_update AFTER UPDATE ON patients REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION patient_counts_track_statement()`,

  // Rebuilt from the subjects, compact: the row trigger's dead versions go with the old rows.
  `TRUNCATE patient_counts`,
  `INSERT INTO patient_counts (study_id, site_id, status, n)
    SELECT study_id, site_id, status, count(*) FROM patients GROUP BY study_id, site_id, status`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
