// design.createElement / updateElement / deleteElement: a study's elements (SDTM TE), each write in
// withActor. An element code is unique in its study; an element needs an end rule or a planned duration;
// an element an arm's sequence uses cannot be deleted.
import { sql, withActor, type Actor, type Db } from '@ctp/db';
import type { DesignDeleteInput, ElementCreateInput, ElementUpdateInput } from '@ctp/contracts';
import type { StudyScope } from '../../access.ts';
import { fieldError } from '../../trpc.ts';
import { definedOnly } from '../../sql-helpers.ts';
import { assertStudyInScope, lockDesignRow, studyCodeGuard } from './scope.ts';
import { refuse } from '../../refusal.ts';

const elementColumns = ['id', 'studyId', 'code', 'name', 'startRule', 'endRule', 'plannedDuration', 'version'] as const;
const { assertCodeFree, uniqueCode } = studyCodeGuard('trialElements');
const NEEDS_END = 'Give an end rule or a planned duration';

export async function createElement(db: Db, actor: Actor, scope: StudyScope, input: ElementCreateInput) {
  return uniqueCode(input.code, () =>
    withActor(db, actor, async (tx) => {
      await assertStudyInScope(tx, scope, input.studyId);
      await assertCodeFree(tx, input.studyId, input.code);
      return tx
        .insertInto('trialElements')
        .values({
          studyId: input.studyId,
          code: input.code,
          name: input.name,
          startRule: input.startRule,
          endRule: input.endRule,
          plannedDuration: input.plannedDuration,
        })
        .returning(elementColumns)
        .executeTakeFirstOrThrow();
    }),
  );
}

export async function updateElement(db: Db, actor: Actor, scope: StudyScope, input: ElementUpdateInput) {
  const changes = definedOnly(input.changes);
  if (!Object.keys(changes).length) throw refuse('BAD_REQUEST', 'noChanges');
  return uniqueCode(changes.code, () =>
    withActor(db, actor, async (tx) => {
      const element = await lockDesignRow(tx, scope, 'trialElements', input.id, input.version);
      if (changes.code) await assertCodeFree(tx, element.studyId, changes.code, element.id);
      const merged = { ...element, ...changes };
      if (!merged.endRule && !merged.plannedDuration) throw fieldError('endRule', NEEDS_END);
      return tx
        .updateTable('trialElements')
        .set({ ...changes, version: sql<number>`version + 1`, updatedAt: sql<Date>`now()` })
        .where('id', '=', element.id)
        .returning(elementColumns)
        .executeTakeFirstOrThrow();
    }),
  );
}

export async function deleteElement(db: Db, actor: Actor, scope: StudyScope, input: DesignDeleteInput) {
  return withActor(db, actor, async (tx) => {
    const element = await lockDesignRow(tx, scope, 'trialElements', input.id, input.version);
    const arms = await tx
      .selectFrom('trialArmElements as s')
      .innerJoin('trialArms as a', 'a.id', 's.armId')
      .select('a.code')
      .distinct()
      .where('s.elementId', '=', element.id)
      .orderBy('a.code')
      .execute();
    if (arms.length) {
      throw refuse('PRECONDITION_FAILED', 'elementInUse', { code: element.code, arms: arms.map((a) => a.code).join(', '), count: arms.length });
    }
    await tx.deleteFrom('trialElements').where('id', '=', element.id).execute();
    return { id: element.id, code: element.code };
  });
}
