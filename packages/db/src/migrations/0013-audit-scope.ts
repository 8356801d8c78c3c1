// The study each audit row belongs to, for the audit trail screens and GET /api/audit-trail: a side
// table (audit rows are append-only and hash-chained; this is not part of their content), written by
// the audit trigger for every row of a study's records and filled here for the rows already there.
// Rows of records that belong to no one study (users, sites, sessions) have none: admins see them.
import { sql, type Kysely } from 'kysely';

/** The study of a change, from the row's own study_id or its parent (SQL over new_row/old_row jsonb). */
const STUDY_OF = `
  CASE TG_TABLE_NAME
    WHEN 'studies' THEN coalesce(new_row ->> 'id', old_row ->> 'id')::int
    WHEN 'subject_visits' THEN (SELECT p.study_id FROM patients p WHERE p.id = coalesce(new_row ->> 'patient_id', old_row ->> 'patient_id')::int)
    WHEN 'form_versions' THEN (SELECT f.study_id FROM forms f WHERE f.id = coalesce(new_row ->> 'form_id', old_row ->> 'form_id')::int)
    WHEN 'visit_forms' THEN (SELECT vd.study_id FROM visit_definitions vd WHERE vd.id = coalesce(new_row ->> 'visit_definition_id', old_row ->> 'visit_definition_id')::int)
    WHEN 'query_messages' THEN (SELECT q.study_id FROM queries q WHERE q.id = coalesce(new_row ->> 'query_id', old_row ->> 'query_id')::int)
    ELSE coalesce(new_row ->> 'study_id', old_row ->> 'study_id')::int
  END`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE audit_event_scope (
    event_id bigint PRIMARY KEY REFERENCES audit_events(id),
    study_id integer NOT NULL
  )`.execute(db);
  await sql`CREATE INDEX audit_event_scope_study_idx ON audit_event_scope (study_id, event_id DESC)`.execute(db);
  // The trigger as in 0001, plus the scope row.
  await sql.raw(`CREATE OR REPLACE FUNCTION audit_row() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      actor text := current_setting('app.user_id', true);
      why text := current_setting('app.reason', true);
      ip text := nullif(current_setting('app.client_ip', true), '');
      old_row jsonb := CASE WHEN TG_OP <> 'INSERT' THEN to_jsonb(OLD) ELSE '{}'::jsonb END;
      new_row jsonb := CASE WHEN TG_OP <> 'DELETE' THEN to_jsonb(NEW) ELSE '{}'::jsonb END;
      diff jsonb := '{}'::jsonb;
      k text;
      new_id bigint;
      at timestamptz := clock_timestamp();
      actor_id integer;
      prev text;
      sid integer;
    BEGIN
      IF coalesce(actor, '') = '' OR coalesce(why, '') = '' THEN
        RAISE EXCEPTION 'write to % without an actor and a reason (use withActor)', TG_TABLE_NAME
          USING ERRCODE = 'P0001';
      END IF;
      FOR k IN SELECT jsonb_object_keys(old_row || new_row) LOOP
        CONTINUE WHEN k IN ('updated_at', 'version');
        CONTINUE WHEN old_row -> k IS NOT DISTINCT FROM new_row -> k;
        IF k IN ('password_hash', 'token_hash') THEN
          diff := diff || jsonb_build_object(k, jsonb_build_object('old', '[redacted]', 'new', '[redacted]'));
        ELSE
          diff := diff || jsonb_build_object(k, jsonb_build_object('old', old_row -> k, 'new', new_row -> k));
        END IF;
      END LOOP;
      IF TG_OP = 'UPDATE' AND diff = '{}'::jsonb THEN
        RETURN NULL;
      END IF;
      actor_id := CASE WHEN actor = 'system' THEN NULL ELSE actor::integer END;
      -- One writer at a time extends the chain, so ids and links agree.
      PERFORM pg_advisory_xact_lock(7241001);
      SELECT hash INTO prev FROM audit_events ORDER BY id DESC LIMIT 1;
      new_id := nextval('audit_events_id_seq');
      INSERT INTO audit_events (id, occurred_at, table_name, record_id, action, changes, actor_user_id, reason,
                                client_ip, prev_hash, hash)
      VALUES (new_id, at, TG_TABLE_NAME, coalesce(new_row ->> 'id', old_row ->> 'id'), lower(TG_OP), diff,
              actor_id, why, ip, prev,
              audit_digest(new_id, at, TG_TABLE_NAME, coalesce(new_row ->> 'id', old_row ->> 'id'), lower(TG_OP),
                           diff, actor_id, why, ip, prev));
      sid := ${STUDY_OF};
      IF sid IS NOT NULL THEN
        INSERT INTO audit_event_scope (event_id, study_id) VALUES (new_id, sid);
      END IF;
      RETURN NULL;
    END
  $$`).execute(db);
  // Rows already written: their study from the record as it is now (or its last recorded values).
  await sql`INSERT INTO audit_event_scope (event_id, study_id)
    SELECT e.id, s.study_id FROM audit_events e CROSS JOIN LATERAL (SELECT CASE e.table_name
        WHEN 'studies' THEN e.record_id::int
        WHEN 'subject_visits' THEN (SELECT p.study_id FROM subject_visits v JOIN patients p ON p.id = v.patient_id WHERE v.id = e.record_id::int)
        WHEN 'form_versions' THEN (SELECT f.study_id FROM form_versions v JOIN forms f ON f.id = v.form_id WHERE v.id = e.record_id::int)
        WHEN 'visit_forms' THEN (SELECT vd.study_id FROM visit_forms vf JOIN visit_definitions vd ON vd.id = vf.visit_definition_id WHERE vf.id = e.record_id::int)
        WHEN 'query_messages' THEN (SELECT q.study_id FROM query_messages m JOIN queries q ON q.id = m.query_id WHERE m.id = e.record_id::int)
        ELSE coalesce((e.changes -> 'study_id' ->> 'new')::int, (e.changes -> 'study_id' ->> 'old')::int,
          CASE e.table_name
            WHEN 'patients' THEN (SELECT study_id FROM patients WHERE id = e.record_id::int)
            WHEN 'study_sites' THEN (SELECT study_id FROM study_sites WHERE id = e.record_id::int)
            WHEN 'study_memberships' THEN (SELECT study_id FROM study_memberships WHERE id = e.record_id::int)
            WHEN 'milestones' THEN (SELECT study_id FROM milestones WHERE id = e.record_id::int)
            WHEN 'budget_lines' THEN (SELECT study_id FROM budget_lines WHERE id = e.record_id::int)
            WHEN 'protocol_deviations' THEN (SELECT study_id FROM protocol_deviations WHERE id = e.record_id::int)
            WHEN 'visit_definitions' THEN (SELECT study_id FROM visit_definitions WHERE id = e.record_id::int)
            WHEN 'forms' THEN (SELECT study_id FROM forms WHERE id = e.record_id::int)
            WHEN 'form_submissions' THEN (SELECT study_id FROM form_submissions WHERE id = e.record_id::int)
            WHEN 'queries' THEN (SELECT study_id FROM queries WHERE id = e.record_id::int)
          END)
      END AS study_id) s
    WHERE s.study_id IS NOT NULL`.execute(db);
}
