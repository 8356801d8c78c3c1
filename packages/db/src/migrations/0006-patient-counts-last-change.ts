// patient_counts.last_change: the latest updated_at of the subjects counted in a (study, site, status)
// group, kept by the same statement trigger as the counts (migration 0005). A site's "last activity"
// takes the latest change to its subjects; reading it from the subjects themselves meant one probe of
// two patients indexes and 60 table rows per study of the site, most of the sites list's execution
// time at scale 100. Here it is one more column of the counts rows the list already reads.
// A group keeps its last_change when subjects leave it (moved or deleted): a site's latest change never
// goes back in time. updated_at is set by every write to a subject, so an update that changes nothing
// counted still moves its group's last_change.
import { sql, type Kysely } from 'kysely';

/** Old and new row of every subject an UPDATE statement touched; `moved` when its group changed. */
const updated = `old_rows o JOIN new_rows w ON w.id = o.id`;
const moved = `(o.study_id, o.site_id, o.status) IS DISTINCT FROM (w.study_id, w.site_id, w.status)`;

/** Upserts groups (study_id, site_id, status, n, last_change): n added, last_change the later one. */
const add = (groups: string) => `INSERT INTO patient_counts AS c (study_id, site_id, status, n, last_change) ${groups}
  ON CONFLICT (study_id, site_id, status)
  DO UPDATE SET n = c.n + EXCLUDED.n, last_change = greatest(c.last_change, EXCLUDED.last_change)`;

const subtract = (groups: string) => `UPDATE patient_counts c SET n = c.n - d.n FROM (${groups}) d
  WHERE c.study_id = d.study_id AND c.site_id = d.site_id AND c.status = d.status`;

const statements = [
  `ALTER TABLE patient_counts ADD COLUMN last_change timestamptz`,
  `CREATE OR REPLACE FUNCTION patient_counts_track_statement() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        ${add('SELECT study_id, site_id, status, count(*), max(updated_at) FROM new_rows GROUP BY 1, 2, 3')};
      ELSIF TG_OP = 'DELETE' THEN
        ${subtract('SELECT study_id, site_id, status, count(*) AS n FROM old_rows GROUP BY 1, 2, 3')};
      ELSE
        ${subtract(`SELECT o.study_id, o.site_id, o.status, count(*) AS n FROM ${updated} WHERE ${moved} GROUP BY 1, 2, 3`)};
        ${add(`SELECT w.study_id, w.site_id, w.status, count(*) FILTER (WHERE ${moved}), max(w.updated_at)
               FROM ${updated} GROUP BY 1, 2, 3`)};
      END IF;
      RETURN NULL;
    END
  $$`,
  // Rebuilt from the subjects, as in 0005 (an UPDATE of every row would leave as many dead versions).
  `TRUNCATE patient_counts`,
  `INSERT INTO patient_counts (study_id, site_id, status, n, last_change)
    SELECT study_id, site_id, status, count(*), max(updated_at) FROM patients GROUP BY study_id, site_id, status`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
