// Study scope of the trial design: a study outside the user's scope does not exist for them (NOT_FOUND,
// as in trials/), and a row of the design is found through its study.
import { TRPCError } from '@trpc/server';
import type { Db, Tx } from '@ctp/db';
import { canSeeStudy, type StudyScope } from '../../access.ts';
import { isUniqueViolation, staleVersion } from '../../sql-helpers.ts';
import { refuseField } from '../../refusal.ts';

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

/** An arm's or element's code is unique in its study: checked first for a clear message on the code
 *  field, and a unique violation that slipped past the check (a simultaneous write) answered the same. */
export function studyCodeGuard(table: 'trialArms' | 'trialElements') {
  const codeTaken = (code: string) => refuseField('code', table === 'trialArms' ? 'armCodeTaken' : 'elementCodeTaken', { code });
  return {
    async assertCodeFree(tx: Tx, studyId: number, code: string, exceptId?: number) {
      let q = tx.selectFrom(table).select('id').where('studyId', '=', studyId).where('code', '=', code);
      if (exceptId) q = q.where('id', '<>', exceptId);
      if (await q.executeTakeFirst()) throw codeTaken(code);
    },
    async uniqueCode<T>(code: string | undefined, work: () => Promise<T>): Promise<T> {
      try {
        return await work();
      } catch (err) {
        if (code && isUniqueViolation(err)) throw codeTaken(code);
        throw err;
      }
    },
  };
}
