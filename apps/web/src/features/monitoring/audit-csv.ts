// The audit trail as CSV, built in the browser: every cell quoted (inner quotes doubled), and a cell
// a spreadsheet would run as a formula (starting with = + - @ or a control character) prefixed with
// an apostrophe, as the server's exports do.
import { bulkLoadOf, bulkRange, fullValue, type TrailEntry } from './audit-values';

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value);
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

const HEADER = ['Timestamp', 'Event ID', 'User', 'User ID', 'Action', 'Operation', 'Table', 'Record ID', 'Field', 'Old value', 'New value', 'Reason', 'IP address'];

export function auditCsv(entries: TrailEntry[]): string {
  const rows = entries.map((e) => {
    // A bulk-load record reads as one line: how many rows, their ids and the hash that attests them.
    const bulk = bulkLoadOf(e);
    return [
    e.timestamp,
    e.eventId,
    e.userName,
    e.userId,
    e.action,
    e.operation,
    e.table,
    bulk ? bulkRange(bulk) : e.recordId,
    e.field,
    fullValue(e.oldValue),
    bulk ? `${bulk.rows} rows loaded in bulk (ids ${bulkRange(bulk)}, SHA-256 ${bulk.sha256})` : fullValue(e.newValue),
    e.reason,
    e.ipAddress,
    ];
  });
  return [HEADER, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
