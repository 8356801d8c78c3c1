// Verifies the audit hash chain: each row's hash must equal the digest of its own content, and its
// prev_hash must equal the hash of the row before it. Reads in pages, so memory stays flat.
import { sql } from 'kysely';
import type { Db } from '../connect.ts';

export interface ChainVerification {
  valid: boolean;
  rowsVerified: number;
  /** The first row whose content or link does not match, with what is wrong with it. */
  firstBroken: { id: number; problem: 'content-altered' | 'link-broken' } | null;
}

const PAGE = 5000;

export async function verifyAuditChain(db: Db): Promise<ChainVerification> {
  let lastId = 0;
  let prevHash: string | null = null;
  let rowsVerified = 0;
  for (;;) {
    const rows = await sql<{ id: number; hash: string; prevHash: string | null; computed: string }>`
      select id, hash, prev_hash,
             audit_digest(id, occurred_at, table_name, record_id, action, changes, actor_user_id, reason,
                          client_ip, prev_hash) as computed
      from audit_events where id > ${lastId} order by id limit ${PAGE}`.execute(db);
    for (const row of rows.rows) {
      if (row.computed !== row.hash) return { valid: false, rowsVerified, firstBroken: { id: row.id, problem: 'content-altered' } };
      if (row.prevHash !== prevHash) return { valid: false, rowsVerified, firstBroken: { id: row.id, problem: 'link-broken' } };
      prevHash = row.hash;
      lastId = row.id;
      rowsVerified++;
    }
    if (rows.rows.length < PAGE) return { valid: true, rowsVerified, firstBroken: null };
  }
}
