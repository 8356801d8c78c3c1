// The demo's trial supply (issue 30 item 6), for each double-blind study with subjects: one kit type per
// arm (KT-A, KT-B: codes that name no arm, since blinded users read them), a central depot with stock,
// and at each active site a received shipment that brought the kits dispensed to its subjects (one kit
// per subject with an arm, at the subject's Day 0 visit) plus kits still available: enough of each arm at
// the demo site staff's site (the first) for its waiting subjects and more, and a pooled resupply
// threshold at every site, with the second site below it (one damaged kit quarantined there too) and the
// study manager (the demo's unblinded team) notified of it, as the API's resupply check does.
// Deterministic and free of the random stream: every other demo figure stays as it was.
import { sql } from 'kysely';
import { englishText, keyedMessage } from '@ctp/contracts';
import type { Tx } from '../actor.ts';
import { addDays } from './random.ts';
import type { RowWriter } from './row-writer.ts';

/** Available kits of each arm at the demo site staff's site, and at the other sites (the second: fewer). */
export const STAFF_SITE_KITS_PER_ARM = 24;
const OTHER_SITE_KITS_PER_ARM = 6;
const LOW_SITE_KITS_PER_ARM = 1;
/** The pooled threshold and resupply quantity of every site. */
export const DEMO_THRESHOLD = 6;
const DEMO_RESUPPLY = 12;
const DEPOT_KITS_PER_ARM = 40;

interface SupplyContext {
  studyId: number;
  studyCode: string;
  siteIds: number[];
  today: string;
  managerId: number;
  coordinatorId: number;
}

export async function seedSupply(tx: Tx, rows: RowWriter, ctx: SupplyContext): Promise<void> {
  const arms = await tx.selectFrom('trialArms').select(['id']).where('studyId', '=', ctx.studyId).orderBy('sortOrder').execute();
  if (!arms.length) return;
  const letters = arms.map((_, k) => String.fromCharCode(65 + k));
  const typeIds = await rows.insert('kit_types', arms.map((a, k) => ({ studyId: ctx.studyId, code: `KT-${letters[k]}`, name: `Kit type ${letters[k]}`, armId: a.id })), true);
  const typeOfArm = new Map(arms.map((a, k) => [a.id, typeIds[k]!]));
  const [depotId] = await rows.insert('supply_depots', [{ studyId: ctx.studyId, name: 'Central depot', country: 'Germany' }], true);
  const prefix = ctx.studyCode.split('-')[0];
  let n = 0;
  const kitNumber = () => `${prefix}-K${String(++n).padStart(5, '0')}`;
  const expiry = addDays(ctx.today, 730);
  const kits: Record<string, unknown>[] = [];
  for (const typeId of typeIds) {
    for (let k = 0; k < DEPOT_KITS_PER_ARM; k++) kits.push({ studyId: ctx.studyId, kitNumber: kitNumber(), kitTypeId: typeId, lot: 'L2401', expiryDate: expiry, status: 'at_depot', depotId });
  }
  await rows.insert('kits', kits);

  // Subjects with an arm, and the visit their kit was dispensed at (Day 0).
  const subjects = await sql<{ id: number; siteId: number; armId: number; visitId: number | null; on: string | null }>`
    select p.id, p.site_id as "siteId", p.actual_arm_id as "armId", sv.id as "visitId", to_char(sv.scheduled_date, 'YYYY-MM-DD') as "on"
      from patients p
      left join subject_visits sv on sv.patient_id = p.id
       and sv.visit_definition_id = (select id from visit_definitions where study_id = ${ctx.studyId} and code = 'D0')
     where p.study_id = ${ctx.studyId} and p.actual_arm_id is not null
     order by p.id`.execute(tx);
  const sites = ctx.siteIds.filter((s) => subjects.rows.some((p) => p.siteId === s) || s === ctx.siteIds[0]);
  for (const [k, siteId] of sites.entries()) {
    const mine = subjects.rows.filter((p) => p.siteId === siteId);
    const perArm = k === 0 ? STAFF_SITE_KITS_PER_ARM : k === 1 ? LOW_SITE_KITS_PER_ARM : OTHER_SITE_KITS_PER_ARM;
    const shippedOn = addDays(ctx.today, -(30 + k));
    const [shipmentId] = await rows.insert(
      'supply_shipments',
      [{ studyId: ctx.studyId, shipmentNumber: `S-${String(k + 1).padStart(4, '0')}`, depotId, siteId, status: 'received', requestedBy: ctx.managerId, requestedAt: `${addDays(shippedOn, -2)}T09:00:00Z`, shippedBy: ctx.managerId, shippedAt: `${shippedOn}T09:00:00Z`, receivedBy: ctx.coordinatorId, receivedAt: `${addDays(shippedOn, 2)}T09:00:00Z` }],
      true,
    );
    const siteKits: Record<string, unknown>[] = [];
    const base = { studyId: ctx.studyId, lot: 'L2401', expiryDate: expiry, siteId, shipmentId, depotId: null };
    for (const p of mine) {
      const dispensedAt = `${p.on ?? addDays(ctx.today, -1)}T10:00:00Z`;
      siteKits.push({ ...base, kitNumber: kitNumber(), kitTypeId: typeOfArm.get(p.armId), status: 'dispensed', patientId: p.id, subjectVisitId: p.visitId, dispensedBy: ctx.coordinatorId, dispensedAt, quarantineReason: null });
    }
    for (const typeId of typeIds) {
      for (let j = 0; j < perArm; j++) siteKits.push({ ...base, kitNumber: kitNumber(), kitTypeId: typeId, status: 'available', patientId: null, subjectVisitId: null, dispensedBy: null, dispensedAt: null, quarantineReason: null });
    }
    if (k === 1) siteKits.push({ ...base, kitNumber: kitNumber(), kitTypeId: typeIds[0], status: 'quarantined', quarantineReason: 'damaged', patientId: null, subjectVisitId: null, dispensedBy: null, dispensedAt: null });
    const kitIds = await rows.insert('kits', siteKits, true);
    await rows.insert('supply_shipment_kits', kitIds.map((kitId, j) => ({ studyId: ctx.studyId, shipmentId, kitId, condition: siteKits[j]!.status === 'quarantined' ? 'damaged' : 'ok' })));
    const available = perArm * typeIds.length;
    const below = available < DEMO_THRESHOLD;
    await rows.insert('supply_thresholds', [{ studyId: ctx.studyId, siteId, kitTypeId: null, threshold: DEMO_THRESHOLD, resupplyQuantity: DEMO_RESUPPLY, alertedAt: below ? `${ctx.today}T08:00:00Z` : null }]);
    if (below) {
      const site = await tx.selectFrom('sites').select('siteNumber').where('id', '=', siteId).executeTakeFirstOrThrow();
      const title = keyedMessage('supplyResupplyTitle', { siteNumber: site.siteNumber });
      const body = keyedMessage('supplyResupplyPooledBody', { available, threshold: DEMO_THRESHOLD, quantity: DEMO_RESUPPLY });
      await rows.insert('notifications', [
        {
          userId: ctx.managerId,
          kind: 'supply_resupply',
          studyId: ctx.studyId,
          title: englishText(title),
          titleKey: title.key,
          titleParams: JSON.stringify(title.params),
          body: englishText(body),
          bodyKey: body.key,
          bodyParams: JSON.stringify(body.params),
          link: `/studies/${ctx.studyId}`,
          createdAt: `${ctx.today}T08:00:00Z`,
          mailPending: false,
        },
      ]);
    }
  }
}
