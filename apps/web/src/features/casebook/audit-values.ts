// One audit event of a form entry as lines "field: old → new"; for the entry's data (one JSON object),
// the keys that changed, each old → new.
import { formatDate, formatDateTime } from '@/lib/format';
import { humanizeColumn } from '@/components/activity-list';
import type { AuditItem } from './types';

const MAX_CHARS = 60;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)?$/i;
/** Bookkeeping columns every write changes: they add nothing to the history. */
const SKIPPED = new Set(['updated_at', 'updatedAt', 'version']);

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function auditValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') {
    if (ISO_DATE.test(value)) return formatDate(value);
    if (ISO_TIMESTAMP.test(value)) return formatDateTime(value.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00'));
  }
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > MAX_CHARS ? `${text.slice(0, MAX_CHARS)}…` : text;
}

export function changeLines(item: AuditItem): string[] {
  if (SKIPPED.has(item.field)) return [];
  const { oldValue, newValue } = item;
  if (isRecord(oldValue) || isRecord(newValue)) {
    const before = isRecord(oldValue) ? oldValue : {};
    const after = isRecord(newValue) ? newValue : {};
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
    return keys.map((k) => `${k}: ${auditValue(before[k])} → ${auditValue(after[k])}`);
  }
  return [`${humanizeColumn(item.field)}: ${auditValue(oldValue)} → ${auditValue(newValue)}`];
}

export interface AuditEvent {
  eventId: number;
  timestamp: string;
  userName: string;
  reason: string;
  action: AuditItem['action'];
  lines: string[];
}

/** The trail's per-field items of one record, grouped back into events (newest first). */
export function eventsOf(items: AuditItem[], recordId: number): AuditEvent[] {
  const events = new Map<number, AuditEvent>();
  for (const item of items) {
    if (item.recordId !== String(recordId)) continue;
    const event = events.get(item.eventId) ?? { eventId: item.eventId, timestamp: item.timestamp, userName: item.userName, reason: item.reason, action: item.action, lines: [] };
    event.lines.push(...changeLines(item));
    events.set(item.eventId, event);
  }
  return [...events.values()];
}
