// Issue 29: the bulk demo loader (demo/bulk/) writes the audit rows of what it loaded in one statement
// per unit instead of one trigger call per row. The hash chain is sequential (each row's digest covers
// the previous row's hash), so it is computed by a running aggregate over the rows in id order: each
// step is audit_digest itself, fed the previous step's result (the first one the chain's last hash).
// The step is PL/pgSQL, not SQL: an aggregate cannot inline a SQL function and starts an executor for
// each call of one; PL/pgSQL evaluates audit_digest (inlined) as a simple expression, five times faster.
import { sql, type Kysely } from 'kysely';

const statements = [
  `CREATE FUNCTION audit_chain_step(prev text, p_id bigint, p_at timestamptz, p_table text, p_record text, p_action text,
      p_changes jsonb, p_actor integer, p_reason text, p_ip text, p_chain_tail text) RETURNS text
    LANGUAGE plpgsql IMMUTABLE AS $$
    BEGIN
      RETURN audit_digest(p_id, p_at, p_table, p_record, p_action, p_changes, p_actor, p_reason, p_ip, coalesce(prev, p_chain_tail));
    END
    $$`,
  // audit_chain(...) OVER (ORDER BY id) is each row's hash; its last argument is the hash the chain ends
  // with before these rows (null for an empty trail).
  `CREATE AGGREGATE audit_chain(bigint, timestamptz, text, text, text, jsonb, integer, text, text, text) (
    SFUNC = audit_chain_step,
    STYPE = text
  )`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
