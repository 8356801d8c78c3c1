// Stock rules shared by every supply write:
// - expiry: kits past their expiry date that are still at a depot, in transit or available at a site are
//   marked expired when the study's supply is read or written (the overview, shipments, dispensing), in
//   the transaction of that read or write; a kit's expiry is also checked wherever it is picked, so an
//   expired kit is never shipped or dispensed even before it is marked.
// - resupply: after stock at a site changes, each of its thresholds (per kit type, or pooled) is compared
//   with the kits available there; one fall below notifies the study's unblinded team and study managers
//   once (alerted_at), with the kit type's code or "all kit types" and never a treatment; stock back at or
//   above the threshold clears the alert.
import { keyedMessage } from '@ctp/contracts';
import { sql, type Db, type Tx } from '@ctp/db';
import { notifyUnblindedTeamAnd } from '../notifications/notify.ts';

export async function expireKits(tx: Tx, studyId: number): Promise<number> {
  const r = await tx
    .updateTable('kits')
    .set({ status: 'expired', version: sql<number>`version + 1`, updatedAt: sql<Date>`now()` })
    .where('studyId', '=', studyId)
    .where('status', 'in', ['at_depot', 'in_transit', 'available'])
    .where('expiryDate', '<', sql<string>`current_date`)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Whether the study has kits that the next write would mark expired (reads avoid a transaction otherwise). */
export async function hasKitsToExpire(db: Tx | Db, studyId: number): Promise<boolean> {
  const row = await db
    .selectFrom('kits')
    .select('id')
    .where('studyId', '=', studyId)
    .where('status', 'in', ['at_depot', 'in_transit', 'available'])
    .where('expiryDate', '<', sql<string>`current_date`)
    .limit(1)
    .executeTakeFirst();
  return !!row;
}

export interface ThresholdState {
  id: number;
  siteId: number;
  kitTypeId: number | null;
  kitTypeCode: string | null;
  threshold: number;
  resupplyQuantity: number;
  available: number;
  below: boolean;
  alertedAt: Date | null;
}

/** The thresholds of the study's sites (or one site) with the kits available against each. */
export async function thresholdStates(db: Tx | Db, studyId: number, siteId?: number): Promise<ThresholdState[]> {
  const rows = await sql<Omit<ThresholdState, 'below'>>`
    select t.id, t.site_id as "siteId", t.kit_type_id as "kitTypeId", kt.code as "kitTypeCode", t.threshold,
           t.resupply_quantity as "resupplyQuantity", t.alerted_at as "alertedAt",
           (select count(*) from kits k where k.study_id = t.study_id and k.site_id = t.site_id and k.status = 'available'
              and k.expiry_date >= current_date and (t.kit_type_id is null or k.kit_type_id = t.kit_type_id))::int as available
      from supply_thresholds t left join kit_types kt on kt.id = t.kit_type_id
     where t.study_id = ${studyId} and (${siteId ?? null}::int is null or t.site_id = ${siteId ?? null}::int)
     order by t.site_id, t.kit_type_id nulls first`.execute(db);
  return rows.rows.map((r) => ({ ...r, available: Number(r.available), below: Number(r.available) < r.threshold }));
}

export async function checkResupply(tx: Tx, studyId: number, siteId: number): Promise<void> {
  const states = await thresholdStates(tx, studyId, siteId);
  if (!states.length) return;
  const site = await tx.selectFrom('sites').select('siteNumber').where('id', '=', siteId).executeTakeFirstOrThrow();
  for (const s of states) {
    if (s.below && !s.alertedAt) {
      await tx.updateTable('supplyThresholds').set({ alertedAt: sql<Date>`now()`, version: sql<number>`version + 1` }).where('id', '=', s.id).execute();
      await notifyUnblindedTeamAnd(tx, studyId, ['study-manager'], {
        kind: 'supply_resupply',
        studyId,
        title: keyedMessage('supplyResupplyTitle', { siteNumber: site.siteNumber }),
        body: s.kitTypeCode
          ? keyedMessage('supplyResupplyBody', { kitType: s.kitTypeCode, available: s.available, threshold: s.threshold, quantity: s.resupplyQuantity })
          : keyedMessage('supplyResupplyPooledBody', { available: s.available, threshold: s.threshold, quantity: s.resupplyQuantity }),
        link: `/studies/${studyId}`,
      });
    } else if (!s.below && s.alertedAt) {
      await tx.updateTable('supplyThresholds').set({ alertedAt: null, version: sql<number>`version + 1` }).where('id', '=', s.id).execute();
    }
  }
}
