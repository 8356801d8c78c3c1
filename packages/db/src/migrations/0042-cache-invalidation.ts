// Issue 29: every API instance keeps who-is-asking in memory for a few seconds (the session a token
// resolves to, a user's study scope). When a session ends, an account changes (password, role,
// deactivation) or a membership changes, these triggers pg_notify() the channel every instance listens
// on (apps/api/src/modules/auth/cache-invalidation.ts). A trigger fires inside the writing transaction
// and PostgreSQL delivers the notification at its commit (never for a rollback), so every writer is
// covered, a procedure or a script alike. Payloads hold ids only, never tokens. Identical payloads in one
// transaction are delivered once, so revoking a user's hundred sessions sends a hundred small messages
// at most. Without a listener (PGlite, one process) a notification costs next to nothing.
import { sql, type Kysely } from 'kysely';

export const CACHE_INVALIDATION_CHANNEL = 'ctp_cache_invalidation';

const statements = [
  `CREATE FUNCTION notify_session_ended() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM pg_notify('${CACHE_INVALIDATION_CHANNEL}', json_build_object('session', OLD.id)::text);
    RETURN NULL;
  END $$`,
  // Revoked (log-out, password change, deactivation) or removed while live; the per-minute touch of
  // last_seen_at and the signing mark change neither column and fire nothing.
  `CREATE TRIGGER sessions_notify_revoked AFTER UPDATE OF revoked_at ON sessions
    FOR EACH ROW WHEN (OLD.revoked_at IS NULL AND NEW.revoked_at IS NOT NULL)
    EXECUTE FUNCTION notify_session_ended()`,
  `CREATE TRIGGER sessions_notify_deleted AFTER DELETE ON sessions
    FOR EACH ROW WHEN (OLD.revoked_at IS NULL) EXECUTE FUNCTION notify_session_ended()`,

  `CREATE FUNCTION notify_user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM pg_notify('${CACHE_INVALIDATION_CHANNEL}', json_build_object('user', OLD.id)::text);
    RETURN NULL;
  END $$`,
  // What a cached session carries (name, e-mail, role) or what ends it (deactivation, a new password);
  // a log-in's counters and times change none of these and fire nothing.
  `CREATE TRIGGER users_notify_changed AFTER UPDATE ON users FOR EACH ROW
    WHEN (OLD.is_active IS DISTINCT FROM NEW.is_active OR OLD.role IS DISTINCT FROM NEW.role
      OR OLD.email IS DISTINCT FROM NEW.email OR OLD.full_name IS DISTINCT FROM NEW.full_name
      OR OLD.password_hash IS DISTINCT FROM NEW.password_hash)
    EXECUTE FUNCTION notify_user_changed()`,
  `CREATE TRIGGER users_notify_deleted AFTER DELETE ON users FOR EACH ROW EXECUTE FUNCTION notify_user_changed()`,

  `CREATE FUNCTION notify_scope_changed() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP <> 'INSERT' THEN
      PERFORM pg_notify('${CACHE_INVALIDATION_CHANNEL}', json_build_object('scope', OLD.user_id)::text);
    END IF;
    IF TG_OP <> 'DELETE' THEN
      PERFORM pg_notify('${CACHE_INVALIDATION_CHANNEL}', json_build_object('scope', NEW.user_id)::text);
    END IF;
    RETURN NULL;
  END $$`,
  `CREATE TRIGGER study_memberships_notify_changed AFTER INSERT OR UPDATE OR DELETE ON study_memberships
    FOR EACH ROW EXECUTE FUNCTION notify_scope_changed()`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
