// supply.setThreshold (study managers and administrators): a site's resupply threshold for one kit type,
// or pooled over all kit types, and the quantity a suggested shipment brings. Checked at once, so a
// site already below it notifies now.
import { TRPCError } from '@trpc/server';
import type { z } from 'zod';
import type { thresholdSetInput } from '@ctp/contracts';
import { sql, withActor, type Actor, type Db } from '@ctp/db';
import type { StudyScope } from '../../access.ts';
import { studySite, supplyStudy } from './scope.ts';
import { checkResupply } from './stock.ts';

export async function setThreshold(db: Db, actor: Actor, scope: StudyScope, input: z.infer<typeof thresholdSetInput>) {
  const study = await supplyStudy(db, scope, input.studyId);
  await studySite(db, study.id, input.siteId);
  if (input.kitTypeId !== null) {
    const type = await db.selectFrom('kitTypes').select('id').where('studyId', '=', study.id).where('id', '=', input.kitTypeId).executeTakeFirst();
    if (!type) throw new TRPCError({ code: 'BAD_REQUEST', message: 'Unknown kit type for this study' });
  }
  return withActor(db, actor, async (tx) => {
    const existing = await tx
      .selectFrom('supplyThresholds')
      .select('id')
      .where('studyId', '=', study.id)
      .where('siteId', '=', input.siteId)
      .where(sql<number>`coalesce(kit_type_id, 0)`, '=', input.kitTypeId ?? 0)
      .forUpdate()
      .executeTakeFirst();
    if (existing) {
      await tx
        .updateTable('supplyThresholds')
        .set({ threshold: input.threshold, resupplyQuantity: input.resupplyQuantity, alertedAt: null, version: sql<number>`version + 1` })
        .where('id', '=', existing.id)
        .execute();
    } else {
      await tx.insertInto('supplyThresholds').values({ studyId: study.id, siteId: input.siteId, kitTypeId: input.kitTypeId, threshold: input.threshold, resupplyQuantity: input.resupplyQuantity }).execute();
    }
    await checkResupply(tx, study.id, input.siteId);
    return { siteId: input.siteId, kitTypeId: input.kitTypeId, threshold: input.threshold, resupplyQuantity: input.resupplyQuantity };
  });
}
