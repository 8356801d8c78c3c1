// A study's due visits read by visit definition. The study detail counts the visits due (scheduled on
// or before today) and those not completed; it probed subject_visits once per subject of the study
// (470 probes and 1,900 buffer reads at scale 100: 1.5 ms). Through the study's visit definitions and
// this index it is one index-only range per definition (7 ranges, 40 buffers: 0.5 ms). status is carried
// in the index, so completing a visit updates it as well (no longer a heap-only update).
// Counting by definition relies on a visit's definition belonging to its subject's study; scheduling
// always picks the subject's own study's definitions (and no procedure moves a subject to another
// study); the statement triggers below make it a rule of the database, checked once per statement so
// that loading many visits checks them in one join.
import { sql, type Kysely } from 'kysely';

const sameStudy = (event: 'INSERT' | 'UPDATE') => `CREATE TRIGGER subject_visits_same_study_${event.toLowerCase()}
  AFTER ${event} ON subject_visits REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION subject_visits_check_study()`;

const statements = [
  `CREATE INDEX subject_visits_definition_due_idx ON subject_visits (visit_definition_id, scheduled_date) INCLUDE (status)`,
  `CREATE FUNCTION subject_visits_check_study() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF EXISTS (SELECT 1 FROM new_rows v
                 JOIN patients p ON p.id = v.patient_id
                 JOIN visit_definitions d ON d.id = v.visit_definition_id
                 WHERE d.study_id <> p.study_id) THEN
        RAISE EXCEPTION 'a visit must follow a visit definition of its subject''s study'
          USING ERRCODE = 'check_violation';
      END IF;
      RETURN NULL;
    END
  $$`,
  sameStudy('INSERT'),
  sameStudy('UPDATE'),
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
