// Study scope of the trial design: a study outside the user's scope does not exist for them (NOT_FOUND,
// as in trials/), and a row of the design is found through its study.
import { TRPCError } from '@trpc/server';
import type { Db, Tx } from '@ctp/db';
import { canSeeStudy, type StudyScope } from '../../access.ts';
import { staleVersion } from '../../sql-helpers.ts';

export const STUDY_NOT_FOUND = 'Study not found';

export async function assertStudyInScope(db: Db | Tx, scope: StudyScope, studyId: number): Promise<void> {
  const found = canSeeStudy(scope, studyId) && (await db.selectFrom('studies').select('id').where('id', '=', studyId).executeTakeFirst());
  if (!found) throw new TRPCError({ code: 'NOT_FOUND', message: STUDY_NOT_FOUND });
}

/** The arm or element row (locked for the transaction), or NOT_FOUND; CONFLICT when its version is stale. */
export async function lockDesignRow(tx: Tx, scope: StudyScope, table: 'trialArms' | 'trialElements', id: number, version: number) {
  const row = await tx.selectFrom(table).selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  const what = table === 'trialArms' ? 'Arm' : 'Element';
  if (!row || !canSeeStudy(scope, row.studyId)) throw new TRPCError({ code: 'NOT_FOUND', message: `${what} not found` });
  if (row.version !== version) throw staleVersion();
  return row;
}
