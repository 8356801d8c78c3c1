// A trial is a study addressed by its code (/trials/ONC-2024-001). Outside the user's scope it does not exist.
import { TRPCError } from '@trpc/server';
import type { Db } from '@ctp/db';
import { type StudyScope, assertInScope } from '../../access.ts';

export const TRIAL_NOT_FOUND = 'Trial not found';

export async function trialIdByCode(db: Db, scope: StudyScope, code: string): Promise<number> {
  const row = await db.selectFrom('studies').select('id').where('code', '=', code.toUpperCase()).executeTakeFirst();
  if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: TRIAL_NOT_FOUND });
  assertInScope(scope, row.id, TRIAL_NOT_FOUND);
  return row.id;
}

/** current / target * 100, one decimal; 0 without a target. */
export function percentage(current: number, target: number): number {
  return target > 0 ? Math.round((current / target) * 1000) / 10 : 0;
}

export const round1 = (n: number) => Math.round(n * 10) / 10;
