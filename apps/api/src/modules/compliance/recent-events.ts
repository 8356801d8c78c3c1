// The /compliance page's recent audit activity: one entry per audit event (the columns one change wrote,
// grouped), read through audit.trail so its scope and redaction rules apply unchanged. Bookkeeping
// columns (row version, timestamps the database keeps, a new row's own id) and secrets (hashes,
// passwords, tokens) are never listed; an event that changed nothing else is left out.
import { MAX_AUDIT_PAGE, type AuditEntry } from '@ctp/contracts';
import type { Db } from '@ctp/db';
import type { StudyScope } from '../../access.ts';
import type { SessionUser } from '../auth/session.ts';
import { auditTrail } from '../audit/trail.ts';

const BOOKKEEPING = new Set(['version', 'updated_at', 'created_at']);
const SECRET = /(_hash$|password|secret|token)/;
/**
 * Pages of the trail read at most to find the events (an event with many columns spans rows); past them the
 * feed shows what it found, the oldest entry possibly without all its columns.
 */
const MAX_PAGES = 5;

export function isShownColumn(field: string, operation: AuditEntry['operation']): boolean {
  if (BOOKKEEPING.has(field) || SECRET.test(field)) return false;
  return !(operation === 'insert' && field === 'id');
}

export interface RecentAuditEvent {
  id: number;
  timestamp: string;
  userName: string;
  action: AuditEntry['action'];
  operation: AuditEntry['operation'];
  table: string;
  recordId: string;
  reason: string;
  changes: { field: string; oldValue: unknown; newValue: unknown }[];
}

export async function recentAuditEvents(db: Db, user: SessionUser, scope: StudyScope, studyId: number | undefined, limit: number): Promise<RecentAuditEvent[]> {
  const events: RecentAuditEvent[] = [];
  let cursor: string | undefined;
  // Read until the event after the last wanted one has begun (so that one is whole) or the trail ends.
  for (let page = 0; page < MAX_PAGES; page++) {
    const { items, nextCursor } = await auditTrail(db, user, scope, { studyId, limit: MAX_AUDIT_PAGE, cursor });
    for (const row of items) {
      let event = events[events.length - 1];
      if (event?.id !== row.eventId) {
        event = { id: row.eventId, timestamp: row.timestamp, userName: row.userName, action: row.action, operation: row.operation, table: row.table, recordId: row.recordId, reason: row.reason, changes: [] };
        events.push(event);
      }
      if (isShownColumn(row.field, row.operation)) event.changes.push({ field: row.field, oldValue: row.oldValue, newValue: row.newValue });
    }
    const meaningful = events.filter((e) => e.changes.length > 0);
    if (!nextCursor || meaningful.length > limit) break;
    cursor = nextCursor;
  }
  return events
    .filter((e) => e.changes.length > 0)
    .slice(0, limit)
    .map((e) => ({ ...e, changes: e.changes.sort((a, b) => a.field.localeCompare(b.field)) }));
}
