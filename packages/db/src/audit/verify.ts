// Verifies the audit hash chain: each row's hash must equal the digest of its own content, and its
// prev_hash must equal the hash of the row before it. Reads in pages, so memory stays flat. Then each
// bulk-load record (bulk-record.ts) is checked against its table: its rows as loaded must still be there,
// as many and with the same content hash, once the audited changes made since are taken back.
import { sql } from 'kysely';
import type { Db } from '../connect.ts';
import { BULK_FIELD, checkBulkRecord, type BulkLoad } from './bulk-record.ts';

export interface ChainVerification {
  valid: boolean;
  rowsVerified: number;
  /** Bulk-load records whose rows were re-checked against their tables (all of them when valid). */
  bulkRecordsVerified: number;
  /** The first row whose content or link does not match, or whose bulk-loaded rows differ, with what is wrong. */
  firstBroken: { id: number; problem: 'content-altered' | 'link-broken' | 'bulk-rows-differ' } | null;
}

const PAGE = 5000;

export async function verifyAuditChain(db: Db): Promise<ChainVerification> {
  let lastId = 0;
  let prevHash: string | null = null;
  let rowsVerified = 0;
  const bulk: { id: number; table: string; load: BulkLoad }[] = [];
  for (;;) {
    // The bulk record's fields as columns (the rows plugin would camel-case the keys of a JSON value).
    const rows = await sql<{ id: number; hash: string; prevHash: string | null; computed: string; tableName: string; bulkRows: number | null; firstId: number; lastId: number; sha256: string }>`
      select id, hash, prev_hash, table_name,
             audit_digest(id, occurred_at, table_name, record_id, action, changes, actor_user_id, reason,
                          client_ip, prev_hash) as computed,
             (changes -> ${BULK_FIELD} -> 'new' ->> 'rows')::int as bulk_rows,
             (changes -> ${BULK_FIELD} -> 'new' ->> 'first_id')::bigint as first_id,
             (changes -> ${BULK_FIELD} -> 'new' ->> 'last_id')::bigint as last_id,
             changes -> ${BULK_FIELD} -> 'new' ->> 'sha256' as sha256
      from audit_events where id > ${lastId} order by id limit ${PAGE}`.execute(db);
    for (const row of rows.rows) {
      const broken = (problem: 'content-altered' | 'link-broken') => ({ valid: false, rowsVerified, bulkRecordsVerified: 0, firstBroken: { id: Number(row.id), problem } });
      if (row.computed !== row.hash) return broken('content-altered');
      if (row.prevHash !== prevHash) return broken('link-broken');
      if (row.bulkRows !== null) {
        const load = { rows: Number(row.bulkRows), first_id: Number(row.firstId), last_id: Number(row.lastId), sha256: row.sha256 };
        bulk.push({ id: Number(row.id), table: row.tableName, load });
      }
      prevHash = row.hash;
      lastId = row.id;
      rowsVerified++;
    }
    if (rows.rows.length < PAGE) break;
  }
  let bulkRecordsVerified = 0;
  for (const record of bulk) {
    if (!(await checkBulkRecord(db, record.id, record.table, record.load))) {
      return { valid: false, rowsVerified, bulkRecordsVerified, firstBroken: { id: record.id, problem: 'bulk-rows-differ' } };
    }
    bulkRecordsVerified++;
  }
  return { valid: true, rowsVerified, bulkRecordsVerified, firstBroken: null };
}
