// Study teams (issue 26): a membership has a start (created_at) and, once the person leaves the team,
// an end (ended_at), because "who could see this study on 12 March" is an inspection question. Ended
// memberships stay; only open ones grant access, so the uniqueness of (user, study, site) holds among
// open memberships only, and a person can rejoin. version serves the Team tab's optimistic locking.
import { sql, type Kysely } from 'kysely';

const statements = [
  `ALTER TABLE study_memberships
     ADD COLUMN ended_at timestamptz,
     ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now(),
     ADD COLUMN version integer NOT NULL DEFAULT 1,
     ADD CONSTRAINT study_memberships_ends_after_start CHECK (ended_at IS NULL OR ended_at >= created_at)`,
  `ALTER TABLE study_memberships DROP CONSTRAINT study_memberships_user_id_study_id_site_id_key`,
  `CREATE UNIQUE INDEX study_memberships_open_uidx ON study_memberships (user_id, study_id, coalesce(site_id, 0)) WHERE ended_at IS NULL`,
  `CREATE INDEX study_memberships_user_open_idx ON study_memberships (user_id, study_id) WHERE ended_at IS NULL`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
