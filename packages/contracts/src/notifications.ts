// Notifications per user: the bell's unread count and latest items, the notifications page with
// filters and paging, and read state.
import { z } from 'zod';
import { id, pagination, timestamp } from './common.ts';

export const NOTIFICATION_KINDS = [
  'query_raised',
  'query_answered',
  'query_reopened',
  'query_closed',
  'site_activation_pending',
  'casebook_to_sign',
  'document_review',
  'document_returned',
  'document_approved',
  'document_expiring',
  'submission_due',
  'enrollment_alert',
  'emergency_unblinding',
  'supply_resupply',
] as const;
export const notificationListInput = pagination.extend({ unreadOnly: z.boolean().default(false), kind: z.enum(NOTIFICATION_KINDS).optional() });
export const notificationMarkInput = z.object({ ids: z.array(id).min(1).max(200) });
export const notificationItem = z.object({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  /** The title's and body's message key and values when the server wrote them (null: shown as written). */
  titleKey: z.string().nullable(),
  titleParams: z.record(z.string(), z.union([z.string(), z.number()])).nullable(),
  bodyKey: z.string().nullable(),
  bodyParams: z.record(z.string(), z.union([z.string(), z.number()])).nullable(),
  link: z.string(),
  createdAt: timestamp,
  read: z.boolean(),
});
export type NotificationItem = z.infer<typeof notificationItem>;
