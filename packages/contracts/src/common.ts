import { z } from 'zod';
import { MAX_LIST_LIMIT } from './constants.ts';
import { text, listOffset } from './input.ts';

/** Integer keys are PostgreSQL `integer`: a larger number cannot name a row (and must not reach SQL as a 500). */
export const id = z.coerce.number().int().positive().max(2_147_483_647);
/** Calendar dates travel as YYYY-MM-DD strings on both database drivers. */
export const isoDate = z
  .string()
  .max(10, { abort: true })
  // An empty date is a missing one: it says the field is required (the friendly messages), not 'format'.
  .min(1, { abort: true })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the date format YYYY-MM-DD')
  // A real calendar day: 2024-02-30 would otherwise reach SQL and fail there.
  .refine((v) => !Number.isNaN(Date.parse(v)) && new Date(v).toISOString().slice(0, 10) === v, 'Not a valid date');
/**
 * A point in time as it travels: an ISO 8601 string in UTC ("2026-11-23T09:30:00.000Z"). Responses are
 * plain JSON, which has no date type; the server turns its Date values into these at the boundary.
 */
export const timestamp = z.iso.datetime();
/** Every change to a record names why (21 CFR Part 11 / ALCOA+). */
export const reason = text('reason').min(3, 'Give a reason for the change');
/** Optimistic locking: an update names the version it read. */
export const version = z.number().int().positive().max(2_147_483_647);

export const pagination = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_LIST_LIMIT).default(50),
  offset: listOffset.default(0),
});

export function page<T extends z.ZodTypeAny>(item: T) {
  return z.object({ items: z.array(item), total: z.number().int(), limit: z.number().int(), offset: z.number().int() });
}

/**
 * An audit event as Recent Activity shows it: who, when, which record, why, and the changed fields;
 * old and new values are left out (`valuesHidden`) for roles without 'audit.read'.
 */
export const activityEvent = z.object({
  id: z.number().int(),
  timestamp,
  userName: z.string(),
  action: z.enum(['insert', 'update', 'delete']),
  table: z.string(),
  recordId: z.string(),
  /** What a person calls the record (subject code, site number, milestone name ...), null once deleted. */
  recordLabel: z.string().nullable(),
  fields: z.array(z.object({ field: z.string(), oldValue: z.unknown().optional(), newValue: z.unknown().optional() })),
  reason: z.string(),
  valuesHidden: z.boolean(),
});
export type ActivityEvent = z.infer<typeof activityEvent>;
