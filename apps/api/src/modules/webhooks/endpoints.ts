// Administrators' webhook endpoints: register, change (a new secret replaces the old one), list with
// their delivery counts, read an endpoint's deliveries, replay one. The secret is written once and
// never read back to anyone.
import { sql, withActor, type Db } from '@ctp/db';
import type { CreateWebhookInput, UpdateWebhookInput, WebhookDeliveriesInput } from '@ctp/contracts';
import { actorOf, type Context } from '../../trpc.ts';
import type { SessionUser } from '../auth/session.ts';
import { refuse } from '../../refusal.ts';

type AdminCtx = Pick<Context, 'db' | 'req'> & { user: SessionUser };

export async function listWebhooks(db: Db) {
  const rows = await db
    .selectFrom('webhookEndpoints as w')
    .leftJoin('studies as s', 's.id', 'w.studyId')
    .innerJoin('users as u', 'u.id', 'w.createdBy')
    .select([
      'w.id', 'w.name', 'w.url', 'w.events', 'w.studyId', 's.code as studyCode', 'w.active', 'w.secretSetAt',
      'w.createdAt', 'w.version', 'u.fullName as createdByName',
    ])
    .select((eb) => [
      eb.selectFrom('webhookDeliveries as d').whereRef('d.endpointId', '=', 'w.id').where('d.status', '=', 'pending').select((e) => e.fn.countAll<number>().as('n')).as('pending'),
      eb.selectFrom('webhookDeliveries as d').whereRef('d.endpointId', '=', 'w.id').where('d.status', '=', 'failed').select((e) => e.fn.countAll<number>().as('n')).as('failed'),
      eb.selectFrom('webhookDeliveries as d').whereRef('d.endpointId', '=', 'w.id').select((e) => e.fn.max('d.lastAttemptAt').as('t')).as('lastAttemptAt'),
    ])
    .orderBy('w.id')
    .execute();
  return rows.map((r) => ({ ...r, pending: Number(r.pending ?? 0), failed: Number(r.failed ?? 0) }));
}

async function assertStudy(db: Db, studyId: number | null) {
  if (studyId == null) return;
  const study = await db.selectFrom('studies').select('id').where('id', '=', studyId).executeTakeFirst();
  if (!study) throw refuse('NOT_FOUND', 'studyNotFound');
}

export async function createWebhook(ctx: AdminCtx, input: CreateWebhookInput) {
  await assertStudy(ctx.db, input.studyId);
  return withActor(ctx.db, actorOf(ctx, `Webhook endpoint "${input.name}" registered`), async (tx) => {
    const row = await tx
      .insertInto('webhookEndpoints')
      .values({ name: input.name, url: input.url, events: input.events, studyId: input.studyId, createdBy: ctx.user.id, secretSetAt: new Date() })
      .returning(['id'])
      .executeTakeFirstOrThrow();
    await tx.insertInto('webhookSecrets').values({ endpointId: row.id, secret: input.secret }).execute();
    return { id: row.id };
  });
}

export async function updateWebhook(ctx: AdminCtx, input: UpdateWebhookInput) {
  await assertStudy(ctx.db, input.studyId);
  return withActor(ctx.db, actorOf(ctx, `Webhook endpoint "${input.name}" changed`), async (tx) => {
    const current = await tx.selectFrom('webhookEndpoints').select(['id', 'version']).where('id', '=', input.id).forUpdate().executeTakeFirst();
    if (!current) throw refuse('NOT_FOUND', 'webhookNotFound');
    if (current.version !== input.version) throw refuse('CONFLICT', 'staleVersion');
    await tx
      .updateTable('webhookEndpoints')
      .set({
        name: input.name,
        url: input.url,
        events: input.events,
        studyId: input.studyId,
        active: input.active,
        updatedAt: sql<Date>`now()`,
        version: current.version + 1,
        ...(input.secret ? { secretSetAt: sql<Date>`now()` } : {}),
      })
      .where('id', '=', input.id)
      .execute();
    if (input.secret) await tx.updateTable('webhookSecrets').set({ secret: input.secret }).where('endpointId', '=', input.id).execute();
    return { id: input.id };
  });
}

export async function webhookDeliveries(db: Db, input: WebhookDeliveriesInput) {
  const endpoint = await db.selectFrom('webhookEndpoints').select('id').where('id', '=', input.endpointId).executeTakeFirst();
  if (!endpoint) throw refuse('NOT_FOUND', 'webhookNotFound');
  let q = db.selectFrom('webhookDeliveries').where('endpointId', '=', input.endpointId);
  if (input.status) q = q.where('status', '=', input.status);
  const [items, total] = await Promise.all([
    q
      .select(['id', 'event', 'recordKey', 'status', 'attempts', 'nextAttemptAt', 'lastAttemptAt', 'responseStatus', 'responseBody', 'error', 'replayOf', 'createdAt', 'deliveredAt', 'payload'])
      .orderBy('id', 'desc')
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize)
      .execute(),
    q.select((e) => e.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(total.n), page: input.page, pageSize: input.pageSize };
}

/** Sends a delivery's payload again, as a new delivery (the original and its answers stay as they were). */
export async function replayWebhookDelivery(ctx: AdminCtx, deliveryId: number) {
  return withActor(ctx.db, actorOf(ctx, 'Webhook delivery replayed'), async (tx) => {
    const d = await tx.selectFrom('webhookDeliveries').selectAll().where('id', '=', deliveryId).executeTakeFirst();
    if (!d) throw refuse('NOT_FOUND', 'webhookDeliveryNotFound');
    const row = await tx
      .insertInto('webhookDeliveries')
      .values({ endpointId: d.endpointId, event: d.event, studyId: d.studyId, recordKey: d.recordKey, payload: JSON.stringify(d.payload), replayOf: d.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id };
  });
}
