// Shipments depot -> site: requested (study managers and administrators pick the kit types and
// quantities; the depot's kits expiring first are reserved), shipped (the kits are in transit), received
// at the site (its site staff, or a manager) with each kit's condition: ok makes it available at the
// site; damaged or lost quarantines it. Each step is one transaction with its reason; the shipment's
// row is locked so two receipts never both apply.
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import type { shipmentCreateInput, shipmentInput, shipmentReceiveInput } from '@ctp/contracts';
import { sql, withActor, type Actor, type Db, type Tx } from '@ctp/db';
import { assertActsForSite, type StudyScope } from '../../access.ts';
import { checkResupply, expireKits } from './stock.ts';
import { studySite, supplyStudy } from './scope.ts';

export async function createShipment(db: Db, actor: Actor, scope: StudyScope, input: z.infer<typeof shipmentCreateInput>) {
  const study = await supplyStudy(db, scope, input.studyId);
  await studySite(db, study.id, input.siteId);
  return withActor(db, actor, async (tx) => {
    const depot = await tx.selectFrom('supplyDepots').select('id').where('studyId', '=', study.id).where('id', '=', input.depotId).executeTakeFirst();
    if (!depot) throw new TRPCError({ code: 'NOT_FOUND', message: 'Depot not found in this study' });
    await expireKits(tx, study.id);
    const types = new Map((await tx.selectFrom('kitTypes').select(['id', 'code']).where('studyId', '=', study.id).execute()).map((t) => [t.id, t.code]));
    const picked: number[] = [];
    for (const item of input.items) {
      const code = types.get(item.kitTypeId);
      if (!code) throw new TRPCError({ code: 'BAD_REQUEST', message: 'Unknown kit type for this study' });
      const kits = await tx
        .selectFrom('kits')
        .select('id')
        .where('studyId', '=', study.id)
        .where('depotId', '=', depot.id)
        .where('status', '=', 'at_depot')
        .where('shipmentId', 'is', null)
        .where('kitTypeId', '=', item.kitTypeId)
        .where('expiryDate', '>=', sql<string>`current_date`)
        .orderBy('expiryDate')
        .orderBy('kitNumber')
        .limit(item.quantity)
        .forUpdate()
        .execute();
      if (kits.length < item.quantity) {
        throw new TRPCError({ code: 'PRECONDITION_FAILED', message: `The depot holds ${kits.length} kits of kit type ${code} free to ship (${item.quantity} asked); nothing was requested` });
      }
      picked.push(...kits.map((k) => k.id).filter((k) => !picked.includes(k)));
    }
    const count = await tx.selectFrom('supplyShipments').select((eb) => eb.fn.countAll<string>().as('n')).where('studyId', '=', study.id).executeTakeFirstOrThrow();
    const shipment = await tx
      .insertInto('supplyShipments')
      .values({ studyId: study.id, shipmentNumber: `S-${String(Number(count.n) + 1).padStart(4, '0')}`, depotId: depot.id, siteId: input.siteId, requestedBy: actor.userId })
      .returning(['id', 'shipmentNumber', 'status'])
      .executeTakeFirstOrThrow();
    await tx.insertInto('supplyShipmentKits').values(picked.map((kitId) => ({ studyId: study.id, shipmentId: shipment.id, kitId }))).execute();
    await tx.updateTable('kits').set({ shipmentId: shipment.id, version: sql<number>`version + 1`, updatedAt: sql<Date>`now()` }).where('id', 'in', picked).execute();
    return { ...shipment, kitCount: picked.length };
  });
}

async function lockedShipment(tx: Tx, scope: StudyScope, shipmentId: number) {
  const s = await tx.selectFrom('supplyShipments').selectAll().where('id', '=', shipmentId).forUpdate().executeTakeFirst();
  if (!s) throw new TRPCError({ code: 'NOT_FOUND', message: 'Shipment not found' });
  assertActsForSite(scope, s.studyId, s.siteId);
  return s;
}

export async function shipShipment(db: Db, actor: Actor, scope: StudyScope, input: z.infer<typeof shipmentInput>) {
  return withActor(db, actor, async (tx) => {
    const s = await lockedShipment(tx, scope, input.shipmentId);
    if (s.status !== 'requested') throw new TRPCError({ code: 'PRECONDITION_FAILED', message: `Shipment ${s.shipmentNumber} is already ${s.status}` });
    await expireKits(tx, s.studyId);
    await tx
      .updateTable('supplyShipments')
      .set({ status: 'shipped', shippedAt: sql<Date>`now()`, shippedBy: actor.userId, version: sql<number>`version + 1` })
      .where('id', '=', s.id)
      .execute();
    await tx
      .updateTable('kits')
      .set({ status: 'in_transit', version: sql<number>`version + 1`, updatedAt: sql<Date>`now()` })
      .where('shipmentId', '=', s.id)
      .where('status', '=', 'at_depot')
      .execute();
    return { id: s.id, shipmentNumber: s.shipmentNumber, status: 'shipped' as const };
  });
}

export async function receiveShipment(db: Db, actor: Actor, scope: StudyScope, input: z.infer<typeof shipmentReceiveInput>) {
  return withActor(db, actor, async (tx) => {
    const s = await lockedShipment(tx, scope, input.shipmentId);
    if (s.status !== 'shipped') {
      throw new TRPCError({ code: 'PRECONDITION_FAILED', message: s.status === 'received' ? `Shipment ${s.shipmentNumber} was already received` : `Shipment ${s.shipmentNumber} has not been shipped yet` });
    }
    const kits = await tx.selectFrom('supplyShipmentKits').select('kitId').where('shipmentId', '=', s.id).execute();
    const inShipment = new Set(kits.map((k) => k.kitId));
    const condition = new Map<number, 'ok' | 'damaged' | 'lost'>();
    for (const c of input.conditions) {
      if (!inShipment.has(c.kitId)) throw new TRPCError({ code: 'BAD_REQUEST', message: `Kit ${c.kitId} is not in shipment ${s.shipmentNumber}` });
      condition.set(c.kitId, c.condition);
    }
    await expireKits(tx, s.studyId);
    const counts = { ok: 0, damaged: 0, lost: 0 };
    for (const kitId of inShipment) {
      const c = condition.get(kitId) ?? 'ok';
      counts[c]++;
      await tx.updateTable('supplyShipmentKits').set({ condition: c }).where('shipmentId', '=', s.id).where('kitId', '=', kitId).execute();
    }
    const quarantine = (reason: 'damaged' | 'lost') => [...inShipment].filter((k) => condition.get(k) === reason);
    const ok = [...inShipment].filter((k) => (condition.get(k) ?? 'ok') === 'ok');
    const move = { siteId: s.siteId, depotId: null, version: sql<number>`version + 1`, updatedAt: sql<Date>`now()` };
    if (ok.length) await tx.updateTable('kits').set({ ...move, status: 'available' }).where('id', 'in', ok).where('status', '=', 'in_transit').execute();
    for (const reason of ['damaged', 'lost'] as const) {
      const ids = quarantine(reason);
      // Whatever their state (in transit or expired on the way), damaged and lost kits are set apart.
      if (ids.length) await tx.updateTable('kits').set({ ...move, status: 'quarantined', quarantineReason: reason }).where('id', 'in', ids).where('status', 'in', ['in_transit', 'expired']).execute();
    }
    await tx
      .updateTable('supplyShipments')
      .set({ status: 'received', receivedAt: sql<Date>`now()`, receivedBy: actor.userId, version: sql<number>`version + 1` })
      .where('id', '=', s.id)
      .execute();
    await checkResupply(tx, s.studyId, s.siteId);
    return { id: s.id, shipmentNumber: s.shipmentNumber, status: 'received' as const, ...counts };
  });
}
