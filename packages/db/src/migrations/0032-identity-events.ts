// Identity events on the audit trail (issue 26 item 8). Log-ins (success and failure), password and
// two-factor changes, invitations (account_links), role changes (users), memberships
// (study_memberships) and API tokens (api_tokens) are audited already; a log-out only revoked the
// session, and sessions are not audited. users.last_logout_at is set once per log-out, in the same
// transaction as the revocation, so each log-out is an audited update of users ('Log-out') without
// a column that changes on every request.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN last_logout_at timestamptz`.execute(db);
}
