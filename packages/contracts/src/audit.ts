// The audit trail as the monitoring screen and GET /api/audit-trail read it: one entry per changed
// field, newest first, paged by a keyset cursor (never a growing OFFSET over millions of rows).
import { z } from 'zod';
import { id, isoDate, timestamp } from './common.ts';
import { text } from './input.ts';

export const AUDIT_OPERATIONS = ['insert', 'update', 'delete'] as const;
/** The spec's actions with their own icon, and the generic others. */
/** bulk_loaded: one record for the rows of a table and study loaded in bulk (field bulk_load, new value
 * {rows, first_id, last_id, sha256}; recordId is the first id). */
export const AUDIT_ACTIONS = ['data_modified', 'form_submitted', 'query_raised', 'record_created', 'record_deleted', 'bulk_loaded'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const MAX_AUDIT_PAGE = 100;

export const auditListInput = z.object({
  studyId: id.optional(),
  /** A subject: its own record, visits, form entries and queries. */
  patientId: id.optional(),
  userId: id.optional(),
  table: text('code').regex(/^[a-z_]+$/, 'Use a table name').optional(),
  operation: z.enum(AUDIT_OPERATIONS).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  /** The last entry of the previous page (its `cursor`). */
  cursor: text('name').regex(/^\d{1,18}:[a-z_][a-z0-9_]{0,62}$/, 'Not a page cursor').optional(),
  limit: z.coerce.number().int().min(1).max(MAX_AUDIT_PAGE).default(50),
});
export type AuditListInput = z.infer<typeof auditListInput>;

export const auditEntry = z.object({
  id: z.string(),
  cursor: z.string(),
  eventId: z.number().int(),
  timestamp,
  userId: z.number().int().nullable(),
  userName: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  operation: z.enum(AUDIT_OPERATIONS),
  table: z.string(),
  recordId: z.string(),
  field: z.string(),
  oldValue: z.unknown(),
  newValue: z.unknown(),
  reason: z.string(),
  ipAddress: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;
