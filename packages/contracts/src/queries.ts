// Queries (discrepancies): one lifecycle, one kind, one vocabulary on every screen and export. The README
// has the table.
//   lifecycle  open -> answered (the site responds) -> closed (the raiser or a data manager accepts);
//              answered -> reopened -> answered ...; open, answered or reopened -> cancelled (with a reason)
// Every screen, filter, CSV export and notification names them with QUERY_LIFECYCLE_LABELS and
// QUERY_KIND_LABELS (the web's `queries` namespace holds the same words, translated). Only the spec's
// REST `GET /api/queries` keeps its own field values (REST_QUERY_STATUS, REST_QUERY_TYPE): an API contract.
import { z } from 'zod';
import { id, isoDate, pagination, reason, timestamp, version } from './common.ts';
import { searchTerm, text } from './input.ts';
import { QUERY_PRIORITIES, QUERY_STATUSES, QUERY_TYPES } from './enums.ts';

export const QUERY_LIFECYCLE = ['open', 'answered', 'reopened', 'closed', 'cancelled'] as const;
export type QueryLifecycle = (typeof QUERY_LIFECYCLE)[number];
export const QUERY_KINDS = ['range_check', 'consistency_check', 'missing_data', 'clarification', 'protocol_deviation'] as const;
export type QueryKind = (typeof QUERY_KINDS)[number];

/** The one set of words for a query's status and type (English; the web translates the same keys). */
export const QUERY_LIFECYCLE_LABELS: Record<QueryLifecycle, string> = {
  open: 'Open',
  answered: 'Answered',
  reopened: 'Re-opened',
  closed: 'Closed',
  cancelled: 'Cancelled',
};
export const QUERY_KIND_LABELS: Record<QueryKind, string> = {
  range_check: 'Range check',
  consistency_check: 'Consistency check',
  missing_data: 'Missing data',
  clarification: 'Clarification',
  protocol_deviation: 'Protocol deviation',
};

/** Which lifecycle steps may follow which (the server refuses any other). */
export const QUERY_TRANSITIONS: Record<QueryLifecycle, readonly QueryLifecycle[]> = {
  open: ['answered', 'closed', 'cancelled'],
  answered: ['closed', 'reopened', 'cancelled'],
  reopened: ['answered', 'closed', 'cancelled'],
  closed: [],
  cancelled: [],
};
export const LIVE_QUERY_STATUSES: readonly QueryLifecycle[] = ['open', 'answered', 'reopened'];

/**
 * The spec's REST `GET /api/queries` field values (status open / in_progress / resolved; type range_check,
 * missing_data, consistency_check): an API contract, not shown on any screen. The REST rows also carry
 * `lifecycle` and `kind`, the stored values every screen shows.
 */
export const REST_QUERY_STATUS: Record<QueryLifecycle, (typeof QUERY_STATUSES)[number]> = {
  open: 'open',
  reopened: 'open',
  answered: 'in_progress',
  closed: 'resolved',
  cancelled: 'resolved',
};
export const REST_QUERY_TYPE: Record<QueryKind, (typeof QUERY_TYPES)[number]> = {
  range_check: 'range_check',
  consistency_check: 'consistency_check',
  missing_data: 'missing_data',
  clarification: 'consistency_check',
  protocol_deviation: 'consistency_check',
};

/**
 * Progress (0-100) by lifecycle step: raised 25, re-opened 50 (a response was not accepted), answered by
 * the site 75, closed or cancelled 100.
 */
export const QUERY_PROGRESS: Record<QueryLifecycle, number> = { open: 25, reopened: 50, answered: 75, closed: 100, cancelled: 100 };
/** Days a manual query has to be answered when no due date is given; automatic ones likewise. */
export const QUERY_DEFAULT_DUE_DAYS = 14;

export const queryPriority = z.enum(QUERY_PRIORITIES);
export const queryListInput = pagination.extend({
  studyId: id.optional(),
  patientId: id.optional(),
  submissionId: id.optional(),
  status: z.enum(QUERY_LIFECYCLE).optional(),
  /** Only the live ones (open, answered, re-opened): the Open Queries tab. */
  live: z.boolean().optional(),
  priority: queryPriority.optional(),
  type: z.enum(QUERY_KINDS).optional(),
  /** Matches query code, subject code or description, case-insensitive. */
  search: searchTerm,
});
export type QueryListInput = z.infer<typeof queryListInput>;
export const queryFilterInput = queryListInput.omit({ limit: true, offset: true });
export type QueryFilterInput = z.infer<typeof queryFilterInput>;

export const queryCreateInput = z.object({
  patientId: id,
  submissionId: id.optional(),
  fieldPath: text('name').optional(),
  type: z.enum(QUERY_KINDS),
  priority: queryPriority.default('medium'),
  description: text('text').min(3, 'Describe the discrepancy'),
  dueDate: isoDate.optional(),
  reason: reason.default('Query raised'),
});
export type QueryCreateInput = z.infer<typeof queryCreateInput>;
const step = { id, version };
export const queryRespondInput = z.object({ ...step, body: text('text').min(2, 'Write the response') });
export const queryCloseInput = z.object({ ...step, body: text('text').min(2, 'Write the resolution note') });
export const queryReopenInput = z.object({ ...step, body: text('text').min(3, 'Say why the query is re-opened') });
export const queryCancelInput = z.object({ ...step, body: text('text').min(3, 'Say why the query is cancelled') });
export const queryUpdateInput = z.object({
  ...step,
  changes: z.object({ priority: queryPriority, dueDate: isoDate.nullable(), description: text('text').min(3), type: z.enum(QUERY_KINDS) }).partial(),
  reason,
});

/**
 * A query as the screens show it (the spec's Data query fields, with the stored lifecycle and kind in place
 * of a screen-only status and type) plus what its actions need.
 */
export const queryRow = z.object({
  id: z.number().int(),
  queryId: z.string(),
  startDate: timestamp,
  investigator: z.string().nullable(),
  progress: z.number().int(),
  lifecycle: z.enum(QUERY_LIFECYCLE),
  updatedBy: z.string().nullable(),
  lastUpdated: timestamp,
  studyId: z.string(),
  center: z.string(),
  kind: z.enum(QUERY_KINDS),
  priority: queryPriority,
  field: z.string().nullable(),
  description: z.string(),
  /** For a text the server wrote: its message key (server-messages.ts) and values, to show it in the reader's language. */
  descriptionKey: z.string().nullable(),
  descriptionParams: z.record(z.string(), z.union([z.string(), z.number()])).nullable(),
  patientId: z.string(),
  patientDbId: z.number().int(),
  formName: z.string().nullable(),
  origin: z.enum(['manual', 'edit_check', 'missing_form']),
  raisedBy: z.string().nullable(),
  assignedTo: z.string().nullable(),
  dueDate: z.string().nullable(),
  overdue: z.boolean(),
  resolvedAt: timestamp.nullable(),
  version: z.number().int(),
});
export type QueryRow = z.infer<typeof queryRow>;
