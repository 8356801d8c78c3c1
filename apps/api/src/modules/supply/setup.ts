// supply.addKitType, supply.addDepot, supply.setMargin (study managers and administrators). A kit type
// packages one of the study's arms; in a blinded study its code and name must not name an arm, since
// blinded users read them (they are the only label a blinded user sees of a kit's content).
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { sql, withActor, type Actor, type Db, type Tx } from '@ctp/db';
import type { depotCreateInput, kitTypeCreateInput, supplySettingsInput } from '@ctp/contracts';
import type { StudyScope } from '../../access.ts';
import { isBlinded } from '../design/blinding.ts';
import { supplyStudy } from './scope.ts';

/** Whether a label names an arm (its code or name, ignoring case). */
export function namesArm(label: string, arms: { code: string; name: string }[]): boolean {
  const l = label.toLowerCase();
  return arms.some((a) => l === a.code.toLowerCase() || l.includes(a.name.toLowerCase()) || (a.code.length >= 3 && l.includes(a.code.toLowerCase())));
}

export async function addKitType(db: Db, actor: Actor, scope: StudyScope, input: z.infer<typeof kitTypeCreateInput>) {
  const study = await supplyStudy(db, scope, input.studyId);
  const arms = await db.selectFrom('trialArms').select(['id', 'code', 'name']).where('studyId', '=', study.id).execute();
  if (!arms.some((a) => a.id === input.armId)) throw new TRPCError({ code: 'BAD_REQUEST', message: 'The arm is not one of this study\'s arms' });
  if (isBlinded(study.blinding) && (namesArm(input.code, arms) || namesArm(input.name, arms))) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: 'In a blinded study a kit type\'s code and name must not name an arm: blinded users read them' });
  }
  return withActor(db, actor, async (tx) => {
    const taken = await tx.selectFrom('kitTypes').select('id').where('studyId', '=', study.id).where('code', '=', input.code).executeTakeFirst();
    if (taken) throw new TRPCError({ code: 'CONFLICT', message: `Kit type ${input.code} already exists in this study` });
    return tx
      .insertInto('kitTypes')
      .values({ studyId: study.id, code: input.code, name: input.name, armId: input.armId })
      .returning(['id', 'code', 'name'])
      .executeTakeFirstOrThrow();
  });
}

export async function addDepot(db: Db, actor: Actor, scope: StudyScope, input: z.infer<typeof depotCreateInput>) {
  const study = await supplyStudy(db, scope, input.studyId);
  return withActor(db, actor, async (tx) => {
    const taken = await tx.selectFrom('supplyDepots').select('id').where('studyId', '=', study.id).where('name', '=', input.name).executeTakeFirst();
    if (taken) throw new TRPCError({ code: 'CONFLICT', message: `A depot named ${input.name} already exists in this study` });
    return tx
      .insertInto('supplyDepots')
      .values({ studyId: study.id, name: input.name, country: input.country || null })
      .returning(['id', 'name', 'country'])
      .executeTakeFirstOrThrow();
  });
}

export async function setMargin(db: Db, actor: Actor, scope: StudyScope, input: z.infer<typeof supplySettingsInput>) {
  const study = await supplyStudy(db, scope, input.studyId);
  await withActor(db, actor, (tx) =>
    tx
      .insertInto('supplySettings')
      .values({ studyId: study.id, expiryMarginDays: input.expiryMarginDays })
      .onConflict((oc) => oc.column('studyId').doUpdateSet({ expiryMarginDays: input.expiryMarginDays, version: sql<number>`supply_settings.version + 1`, updatedAt: sql<Date>`now()` }))
      .execute(),
  );
  return { studyId: study.id, expiryMarginDays: input.expiryMarginDays };
}

/** The study's expiry margin in days (7 until set). */
export async function marginDays(db: Db | Tx, studyId: number): Promise<number> {
  const row = await db.selectFrom('supplySettings').select('expiryMarginDays').where('studyId', '=', studyId).executeTakeFirst();
  return row?.expiryMarginDays ?? DEFAULT_MARGIN_DAYS;
}

export const DEFAULT_MARGIN_DAYS = 7;
