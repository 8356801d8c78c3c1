// randomization.save: creates or replaces a study's test or production scheme. A stale version is a
// conflict; a locked production scheme (it has allocations) cannot change; saving a live but unlocked
// production scheme takes it back to draft (its sealed list stays stored, no longer live), so it must
// go live again with a list generated for the new content.
import { TRPCError } from '@trpc/server';
import { sql, withActor, type Actor, type Db } from '@ctp/db';
import type { SchemeSaveInput } from '@ctp/contracts';
import type { StudyScope } from '../../access.ts';
import { staleVersion } from '../../sql-helpers.ts';
import { assertStudyInScope } from '../design/scope.ts';
import { assertContentFits, contentHash, normalizedContent } from './scheme-content.ts';
import { schemeView } from './scheme-read.ts';

export const LOCKED_MESSAGE = 'The production scheme is locked: it has allocations and can no longer change';

export async function saveScheme(db: Db, actor: Actor, scope: StudyScope, input: SchemeSaveInput) {
  return withActor(db, actor, async (tx) => {
    await assertStudyInScope(tx, scope, input.studyId);
    const arms = await assertContentFits(tx, input.studyId, input);
    const content = normalizedContent(input);
    const values = {
      method: content.method,
      arms: JSON.stringify(content.arms),
      factors: JSON.stringify(content.factors),
      blockSizes: content.blockSizes ? JSON.stringify(content.blockSizes) : null,
      minimization: content.minimization ? JSON.stringify(content.minimization) : null,
      plannedEnrollment: content.plannedEnrollment,
      marginPercent: content.marginPercent,
      contentHash: contentHash(input.studyId, input.kind, content, arms),
    };
    const existing = await tx
      .selectFrom('randomizationSchemes')
      .select(['id', 'version', 'lockedAt'])
      .where('studyId', '=', input.studyId)
      .where('kind', '=', input.kind)
      .forUpdate()
      .executeTakeFirst();
    let row;
    if (!existing) {
      if (input.version !== undefined) throw staleVersion();
      row = await tx.insertInto('randomizationSchemes').values({ studyId: input.studyId, kind: input.kind, ...values }).returningAll().executeTakeFirstOrThrow();
    } else {
      if (existing.lockedAt) throw new TRPCError({ code: 'PRECONDITION_FAILED', message: LOCKED_MESSAGE });
      if (existing.version !== input.version) throw staleVersion();
      row = await tx
        .updateTable('randomizationSchemes')
        .set({ ...values, status: 'draft', liveAt: null, listId: null, listHash: null, version: sql<number>`version + 1`, updatedAt: sql<Date>`now()` })
        .where('id', '=', existing.id)
        .returningAll()
        .executeTakeFirstOrThrow();
    }
    return schemeView(row, arms);
  });
}
