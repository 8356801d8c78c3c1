// Webhooks (issue 33): administrators register endpoints that hear a study's events as signed HTTP POSTs.
// The payload names records by id, code and status only: never a clinical value, never an arm.
import { z } from 'zod';
import { text } from './input.ts';
import { id, version } from './common.ts';

/** Kept in step with packages/db's migration 0053 (its check constraint and outbox trigger). */
export const WEBHOOK_EVENTS = [
  'subject.enrolled',
  'subject.status_changed',
  'form.submitted',
  'form.changed',
  'query.raised',
  'query.answered',
  'query.closed',
  'document.approved',
  'document.expiring',
  'submission.status_changed',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
/** The shortest signing secret accepted (an HMAC-SHA256 key should carry at least 256 bits). */
export const WEBHOOK_SECRET_MIN = 32;
/** Attempts before a delivery fails for good (it can still be replayed). */
export const WEBHOOK_MAX_ATTEMPTS = 8;

const webhookUrl = text('url')
  .min(1, 'Enter the endpoint URL')
  .refine((v) => {
    try {
      const u = new URL(v);
      return (u.protocol === 'https:' || u.protocol === 'http:') && !/\s/.test(v);
    } catch {
      return false;
    }
  }, 'Enter an http or https URL');
const webhookSecret = text('secret', { trim: false }).min(WEBHOOK_SECRET_MIN, 'Use a secret of at least 32 characters');
const webhookEvents = z.array(z.enum(WEBHOOK_EVENTS)).min(1, 'Choose at least one event').max(WEBHOOK_EVENTS.length);

export const createWebhookInput = z.object({
  name: text('name').min(1, 'Enter a name'),
  url: webhookUrl,
  secret: webhookSecret,
  events: webhookEvents,
  studyId: id.nullable(),
});
export type CreateWebhookInput = z.infer<typeof createWebhookInput>;

export const updateWebhookInput = z.object({
  id,
  version,
  name: text('name').min(1, 'Enter a name'),
  url: webhookUrl,
  /** A new secret; left out, the secret stays. */
  secret: webhookSecret.optional(),
  events: webhookEvents,
  studyId: id.nullable(),
  active: z.boolean(),
});
export type UpdateWebhookInput = z.infer<typeof updateWebhookInput>;
/** The edit form's fields: an empty secret keeps the current one. */
export const editWebhookForm = updateWebhookInput.omit({ id: true, version: true }).extend({ secret: z.union([z.literal(''), webhookSecret]).optional() });

export const webhookDeliveriesInput = z.object({
  endpointId: id,
  status: z.enum(WEBHOOK_DELIVERY_STATUSES).optional(),
  page: z.number().int().min(1).max(100_000).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
});
export type WebhookDeliveriesInput = z.infer<typeof webhookDeliveriesInput>;

export const replayWebhookInput = z.object({ deliveryId: id });
