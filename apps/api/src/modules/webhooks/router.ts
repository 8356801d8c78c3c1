// Webhook endpoints: administrators only ('webhook.manage'); changes are audited (the secret is not).
import { z } from 'zod';
import { createWebhookInput, replayWebhookInput, updateWebhookInput, webhookDeliveriesInput, WEBHOOK_EVENTS } from '@ctp/contracts';
import { permitted, router } from '../../trpc.ts';
import { createWebhook, listWebhooks, replayWebhookDelivery, updateWebhook, webhookDeliveries } from './endpoints.ts';

const admin = permitted('webhook.manage');

export const webhooksRouter = router({
  list: admin.input(z.object({}).optional()).query(async ({ ctx }) => ({ events: WEBHOOK_EVENTS, items: await listWebhooks(ctx.db) })),
  create: admin.input(createWebhookInput).mutation(({ ctx, input }) => createWebhook(ctx, input)),
  update: admin.input(updateWebhookInput).mutation(({ ctx, input }) => updateWebhook(ctx, input)),
  deliveries: admin.input(webhookDeliveriesInput).query(({ ctx, input }) => webhookDeliveries(ctx.db, input)),
  replay: admin.input(replayWebhookInput).mutation(({ ctx, input }) => replayWebhookDelivery(ctx, input.deliveryId)),
});
