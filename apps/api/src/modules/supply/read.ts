// Supply reads. supply.overview: the study's kit types (the arm only for those who see arms), depots with
// their stock, the sites' inventories (site staff: their own sites) with thresholds, below-threshold
// flags and the suggested shipment, and the latest shipments. supply.kits: kits page by page (kit type
// code, never a treatment). supply.subjectKits: the kit numbers dispensed to a subject, per visit.
// Kits past their expiry are marked expired as the overview is read (stock.ts), in a transaction with
// its reason, and only when there are some.
import { TRPCError } from '@trpc/server';
import type { z } from 'zod';
import type { kitListInput } from '@ctp/contracts';
import { sql, withActor } from '@ctp/db';
import { canInStudy, canSeeStudySite } from '../../access.ts';
import type { ProcedureCtx } from '../../procedure-context.ts';
import { actorOf } from '../../trpc.ts';
import { armsVisible } from '../design/blinding.ts';
import { sitesInScope, supplyStudy } from './scope.ts';
import { marginDays } from './setup.ts';
import { expireKits, hasKitsToExpire, thresholdStates } from './stock.ts';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export async function supplyOverview(ctx: ProcedureCtx, studyId: number) {
  const study = await supplyStudy(ctx.db, ctx.scope, studyId);
  if (await hasKitsToExpire(ctx.db, study.id)) await withActor(ctx.db, actorOf(ctx, 'Kits past their expiry date marked expired'), (tx) => expireKits(tx, study.id));
  const shown = await armsVisible(ctx.db, ctx.user, ctx.scope, study.id);
  const types = await ctx.db
    .selectFrom('kitTypes as k')
    .innerJoin('trialArms as a', 'a.id', 'k.armId')
    .select(['k.id', 'k.code', 'k.name', 'a.id as armId', 'a.code as armCode', 'a.name as armName'])
    .where('k.studyId', '=', study.id)
    .orderBy('k.code')
    .execute();
  const depots = await ctx.db
    .selectFrom('supplyDepots as d')
    .select(['d.id', 'd.name', 'd.country'])
    .select((eb) =>
      eb.selectFrom('kits').select((e) => e.fn.countAll<number>().as('n')).whereRef('kits.depotId', '=', 'd.id').where('kits.status', '=', 'at_depot').where('kits.shipmentId', 'is', null).as('free'),
    )
    .where('d.studyId', '=', study.id)
    .orderBy('d.name')
    .execute();
  const depotStock = await ctx.db
    .selectFrom('kits')
    .select(['depotId', 'kitTypeId', (eb) => eb.fn.countAll<number>().as('n')])
    .where('studyId', '=', study.id)
    .where('status', '=', 'at_depot')
    .where('shipmentId', 'is', null)
    .groupBy(['depotId', 'kitTypeId'])
    .execute();
  const allSites = await ctx.db
    .selectFrom('studySites as ss')
    .innerJoin('sites as s', 's.id', 'ss.siteId')
    .select(['s.id', 's.siteNumber', 's.name'])
    .where('ss.studyId', '=', study.id)
    .orderBy('s.siteNumber')
    .execute();
  const visible = new Set(sitesInScope(ctx.scope, study.id, allSites.map((s) => s.id)));
  const sites = allSites.filter((s) => visible.has(s.id));
  const siteIds = sites.map((s) => s.id);
  const stock = siteIds.length
    ? await ctx.db
        .selectFrom('kits')
        .select(['siteId', 'kitTypeId', 'status', (eb) => eb.fn.countAll<number>().as('n')])
        .where('studyId', '=', study.id)
        .where('siteId', 'in', siteIds)
        .groupBy(['siteId', 'kitTypeId', 'status'])
        .execute()
    : [];
  const thresholds = (await thresholdStates(ctx.db, study.id)).filter((t) => visible.has(t.siteId));
  const shipments = siteIds.length
    ? await ctx.db
        .selectFrom('supplyShipments as sh')
        .innerJoin('supplyDepots as d', 'd.id', 'sh.depotId')
        .innerJoin('sites as s', 's.id', 'sh.siteId')
        .select(['sh.id', 'sh.shipmentNumber', 'sh.status', 'sh.siteId', 's.siteNumber', 'd.name as depotName', 'sh.requestedAt', 'sh.shippedAt', 'sh.receivedAt'])
        .select((eb) =>
          sql<{ id: number; kitNumber: string; kitTypeCode: string; condition: string | null }[]>`coalesce((select json_agg(json_build_object(
              'id', k.id, 'kitNumber', k.kit_number, 'kitTypeCode', t.code, 'condition', x.condition) order by k.kit_number)
             from supply_shipment_kits x join kits k on k.id = x.kit_id join kit_types t on t.id = k.kit_type_id where x.shipment_id = ${eb.ref('sh.id')}), '[]'::json)`.as('kits'),
        )
        .where('sh.studyId', '=', study.id)
        .where('sh.siteId', 'in', siteIds)
        .orderBy('sh.id', 'desc')
        .limit(50)
        .execute()
    : [];
  const count = (siteId: number, status: string, kitTypeId?: number) =>
    stock.filter((r) => r.siteId === siteId && r.status === status && (kitTypeId === undefined || r.kitTypeId === kitTypeId)).reduce((n, r) => n + Number(r.n), 0);
  return {
    studyId: study.id,
    armsShown: shown,
    canManage: canInStudy(ctx.user, ctx.scope, study.id, 'supply.manage'),
    canReceive: canInStudy(ctx.user, ctx.scope, study.id, 'supply.receive'),
    expiryMarginDays: await marginDays(ctx.db, study.id),
    kitTypes: types.map((k) => ({ id: k.id, code: k.code, name: k.name, arm: shown ? { id: k.armId, code: k.armCode, name: k.armName } : null })),
    depots: depots.map((d) => ({
      id: d.id,
      name: d.name,
      country: d.country,
      free: Number(d.free ?? 0),
      byKitType: types.map((k) => ({ kitTypeId: k.id, free: depotStock.filter((s) => s.depotId === d.id && s.kitTypeId === k.id).reduce((n, s) => n + Number(s.n), 0) })),
    })),
    sites: sites.map((s) => {
      const own = thresholds.filter((t) => t.siteId === s.id);
      return {
        siteId: s.id,
        siteNumber: s.siteNumber,
        name: s.name,
        available: count(s.id, 'available'),
        inTransit: shipments.filter((sh) => sh.siteId === s.id && sh.status === 'shipped').reduce((n, sh) => n + sh.kits.length, 0),
        dispensed: count(s.id, 'dispensed'),
        quarantined: count(s.id, 'quarantined'),
        expired: count(s.id, 'expired'),
        byKitType: types.map((k) => ({ kitTypeId: k.id, available: count(s.id, 'available', k.id) })),
        thresholds: own.map((t) => ({ id: t.id, kitTypeId: t.kitTypeId, threshold: t.threshold, resupplyQuantity: t.resupplyQuantity, available: t.available, below: t.below })),
        below: own.some((t) => t.below),
        suggestion: own.filter((t) => t.below).map((t) => ({ kitTypeId: t.kitTypeId, quantity: t.resupplyQuantity })),
      };
    }),
    shipments: shipments.map((sh) => ({
      id: sh.id,
      shipmentNumber: sh.shipmentNumber,
      status: sh.status,
      siteId: sh.siteId,
      siteNumber: sh.siteNumber,
      depotName: sh.depotName,
      requestedAt: iso(sh.requestedAt)!,
      shippedAt: iso(sh.shippedAt),
      receivedAt: iso(sh.receivedAt),
      kits: sh.kits,
    })),
  };
}

export async function listKits(ctx: ProcedureCtx, input: z.infer<typeof kitListInput>) {
  const study = await supplyStudy(ctx.db, ctx.scope, input.studyId);
  if (input.siteId !== undefined && !canSeeStudySite(ctx.scope, study.id, input.siteId)) throw new TRPCError({ code: 'NOT_FOUND', message: 'Site not found in this study' });
  const own = ctx.scope.sites.get(study.id);
  let q = ctx.db
    .selectFrom('kits as k')
    .innerJoin('kitTypes as t', 't.id', 'k.kitTypeId')
    .leftJoin('sites as s', 's.id', 'k.siteId')
    .leftJoin('supplyDepots as d', 'd.id', 'k.depotId')
    .where('k.studyId', '=', study.id);
  if (input.status) q = q.where('k.status', '=', input.status);
  if (input.siteId !== undefined) q = q.where('k.siteId', '=', input.siteId);
  // Site staff see the kits at their own sites only.
  if (own) q = q.where('k.siteId', 'in', own.length ? own : [-1]);
  const total = await q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  const items = await q
    .select(['k.id', 'k.kitNumber', 't.code as kitTypeCode', 'k.lot', 'k.expiryDate', 'k.status', 'k.quarantineReason', 's.siteNumber', 'd.name as depotName'])
    .orderBy('k.kitNumber')
    .limit(input.limit)
    .offset(input.offset)
    .execute();
  return { items: items.map((k) => ({ ...k, expiryDate: String(k.expiryDate).slice(0, 10) })), total: Number(total.n), limit: input.limit, offset: input.offset };
}

/** The subject's visits without a kit, for the site staff who may dispense one (empty for everyone else). */
export async function dispensableVisits(ctx: ProcedureCtx, patientId: number) {
  const p = await ctx.db.selectFrom('patients').select(['id', 'studyId', 'siteId', 'status', 'actualArmId', 'archivedAt']).where('id', '=', patientId).executeTakeFirst();
  if (!p || !canSeeStudySite(ctx.scope, p.studyId, p.siteId)) throw new TRPCError({ code: 'NOT_FOUND', message: 'Subject not found' });
  if (!canInStudy(ctx.user, ctx.scope, p.studyId, 'supply.dispense') || p.status !== 'enrolled' || p.archivedAt || p.actualArmId === null) return [];
  const managed = await ctx.db.selectFrom('kitTypes').select('id').where('studyId', '=', p.studyId).limit(1).executeTakeFirst();
  if (!managed) return [];
  const rows = await ctx.db
    .selectFrom('subjectVisits as sv')
    .innerJoin('visitDefinitions as vd', 'vd.id', 'sv.visitDefinitionId')
    .select(['sv.id', 'vd.code', 'vd.name', sql<string>`to_char(sv.scheduled_date, 'YYYY-MM-DD')`.as('scheduledDate')])
    .where('sv.patientId', '=', p.id)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('kits').select('kits.id').whereRef('kits.subjectVisitId', '=', 'sv.id'))))
    .orderBy('sv.scheduledDate')
    .orderBy('vd.sortOrder')
    .execute();
  return rows.map((r) => ({ subjectVisitId: r.id, visitCode: r.code, visitName: r.name, scheduledDate: r.scheduledDate }));
}

export async function subjectKits(ctx: ProcedureCtx, patientId: number) {
  const p = await ctx.db.selectFrom('patients').select(['id', 'studyId', 'siteId']).where('id', '=', patientId).executeTakeFirst();
  if (!p || !canSeeStudySite(ctx.scope, p.studyId, p.siteId)) throw new TRPCError({ code: 'NOT_FOUND', message: 'Subject not found' });
  const rows = await ctx.db
    .selectFrom('kits as k')
    .leftJoin('subjectVisits as sv', 'sv.id', 'k.subjectVisitId')
    .leftJoin('visitDefinitions as vd', 'vd.id', 'sv.visitDefinitionId')
    .select(['k.kitNumber', 'k.subjectVisitId', 'vd.code as visitCode', 'k.dispensedAt'])
    .where('k.patientId', '=', p.id)
    .orderBy('k.dispensedAt')
    .execute();
  return rows.map((r) => ({ kitNumber: r.kitNumber, subjectVisitId: r.subjectVisitId, visitCode: r.visitCode, dispensedAt: iso(r.dispensedAt) }));
}
