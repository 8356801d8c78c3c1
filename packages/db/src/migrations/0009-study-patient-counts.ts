// study_patient_counts: subjects per (study, status), the sums of patient_counts (migration 0003) over
// sites. Totals that do not name a site (the patients list and tiles without a site filter, the top bar
// badges) summed the 4,500 (study, site, status) rows of a 200-study scope at scale 100, checking each
// against the scope: 0.5 ms of every such call for a data manager. Here they sum at most four rows per
// study (650 at scale 100).
// Kept by a row trigger on patient_counts, which the patients statement triggers (migrations 0005, 0006)
// already change once per (study, site, status) group a statement touches, not once per subject: a row
// here changes as often as its groups there, and always after them (one lock order).
// A migration that rebuilds patient_counts with TRUNCATE (which fires no row trigger) must rebuild this
// table too.
import { sql, type Kysely } from 'kysely';

const statements = [
  `CREATE TABLE study_patient_counts (
    study_id integer NOT NULL REFERENCES studies (id),
    status text NOT NULL,
    n integer NOT NULL CHECK (n >= 0),
    PRIMARY KEY (study_id, status)
  )`,
  `CREATE FUNCTION study_patient_counts_track() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP IN ('UPDATE', 'DELETE') THEN
        UPDATE study_patient_counts SET n = n - OLD.n WHERE study_id = OLD.study_id AND status = OLD.status;
      END IF;
      IF TG_OP IN ('INSERT', 'UPDATE') THEN
        INSERT INTO study_patient_counts AS c (study_id, status, n) VALUES (NEW.study_id, NEW.status, NEW.n)
          ON CONFLICT (study_id, status) DO UPDATE SET n = c.n + EXCLUDED.n;
      END IF;
      RETURN NULL;
    END
  $$`,
  // Only a changed count matters (the statement triggers also rewrite last_change alone).
  `CREATE TRIGGER study_patient_counts_on_insert AFTER INSERT ON patient_counts
    FOR EACH ROW EXECUTE FUNCTION study_patient_counts_track()`,
  `CREATE TRIGGER study_patient_counts_on_update AFTER UPDATE ON patient_counts
    FOR EACH ROW WHEN (OLD.n IS DISTINCT FROM NEW.n OR OLD.study_id <> NEW.study_id OR OLD.status <> NEW.status)
    EXECUTE FUNCTION study_patient_counts_track()`,
  `CREATE TRIGGER study_patient_counts_on_delete AFTER DELETE ON patient_counts
    FOR EACH ROW EXECUTE FUNCTION study_patient_counts_track()`,
  `INSERT INTO study_patient_counts (study_id, status, n)
    SELECT study_id, status, sum(n) FROM patient_counts GROUP BY study_id, status`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
