// How the audit trail shows values (as the activity list does: dates in the reader's locale, objects
// as compact JSON, long text cut short) and where a record has a screen to link to.
import type { RouterOutputs } from '@/lib/trpc';
import { formatDate, formatDateTime } from '@/lib/format';

/** An entry as audit.trail returns it (values may be absent, i.e. undefined, after JSON). */
export type TrailEntry = RouterOutputs['audit']['trail']['items'][number];

const MAX_VALUE_CHARS = 40;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)?$/i;

/** An ISO date or timestamp (also as PostgreSQL writes it) in the locale; null for any other text. */
function showDate(value: string): string | null {
  let text: string;
  if (ISO_DATE.test(value)) text = formatDate(value);
  else if (ISO_TIMESTAMP.test(value)) text = formatDateTime(value.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00'));
  else return null;
  return text === '—' ? null : text;
}

/** The whole value as text (for a tooltip and the CSV): strings as they are, anything else as JSON. */
export function fullValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The value shortened for the table; '—' for none. */
export function shortValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  const date = typeof value === 'string' ? showDate(value) : null;
  if (date) return date;
  const text = fullValue(value);
  return text.length > MAX_VALUE_CHARS ? `${text.slice(0, MAX_VALUE_CHARS)}…` : text;
}

/** The screen of a record, for the tables that have one by id alone (a deleted record has none). */
export function recordLink(table: string, recordId: string, operation: string): string | null {
  if (operation === 'delete' || !/^\d+$/.test(recordId)) return null;
  if (table === 'studies') return `/studies/${recordId}`;
  if (table === 'sites') return `/sites/${recordId}`;
  if (table === 'forms') return `/forms/${recordId}/edit`;
  return null;
}

/** What a bulk-load record attests (action bulk_loaded): its rows' count, id range and content hash. */
export interface BulkLoadValue {
  rows: number;
  first_id: number;
  last_id: number;
  sha256: string;
}

export function bulkLoadOf(entry: TrailEntry): BulkLoadValue | null {
  if (entry.action !== 'bulk_loaded' || typeof entry.newValue !== 'object' || entry.newValue === null) return null;
  return entry.newValue as BulkLoadValue;
}

/** A bulk record's ids as a range ("101–250"), or the one id. */
export const bulkRange = (b: BulkLoadValue) => (b.first_id === b.last_id ? String(b.first_id) : `${b.first_id}–${b.last_id}`);
