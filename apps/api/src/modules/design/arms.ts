// design.createArm / updateArm / deleteArm: a study's arms, each write in withActor with the caller's
// reason so the audit trigger records it. An arm code is unique in its study; an arm with subjects
// (planned or actual) cannot be deleted; deleting an arm removes its element sequence with it.
import { sql, withActor, type Actor, type Db } from '@ctp/db';
import type { ArmCreateInput, ArmUpdateInput, DesignDeleteInput } from '@ctp/contracts';
import type { StudyScope } from '../../access.ts';
import { definedOnly } from '../../sql-helpers.ts';
import { assertStudyInScope, lockDesignRow, studyCodeGuard } from './scope.ts';
import { refuse } from '../../refusal.ts';

const armColumns = ['id', 'studyId', 'code', 'name', 'description', 'sortOrder as order', 'version'] as const;
const { assertCodeFree, uniqueCode } = studyCodeGuard('trialArms');

export async function createArm(db: Db, actor: Actor, scope: StudyScope, input: ArmCreateInput) {
  return uniqueCode(input.code, () =>
    withActor(db, actor, async (tx) => {
      await assertStudyInScope(tx, scope, input.studyId);
      await assertCodeFree(tx, input.studyId, input.code);
      return tx
        .insertInto('trialArms')
        .values({ studyId: input.studyId, code: input.code, name: input.name, description: input.description, sortOrder: input.order })
        .returning(armColumns)
        .executeTakeFirstOrThrow();
    }),
  );
}

export async function updateArm(db: Db, actor: Actor, scope: StudyScope, input: ArmUpdateInput) {
  const { order, ...rest } = definedOnly(input.changes);
  if (!Object.keys(rest).length && order === undefined) throw refuse('BAD_REQUEST', 'noChanges');
  return uniqueCode(rest.code, () =>
    withActor(db, actor, async (tx) => {
      const arm = await lockDesignRow(tx, scope, 'trialArms', input.id, input.version);
      if (rest.code) await assertCodeFree(tx, arm.studyId, rest.code, arm.id);
      return tx
        .updateTable('trialArms')
        .set({ ...rest, ...(order !== undefined && { sortOrder: order }), version: sql<number>`version + 1`, updatedAt: sql<Date>`now()` })
        .where('id', '=', arm.id)
        .returning(armColumns)
        .executeTakeFirstOrThrow();
    }),
  );
}

export async function deleteArm(db: Db, actor: Actor, scope: StudyScope, input: DesignDeleteInput) {
  return withActor(db, actor, async (tx) => {
    const arm = await lockDesignRow(tx, scope, 'trialArms', input.id, input.version);
    const used = await tx
      .selectFrom('patients')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where((eb) => eb.or([eb('plannedArmId', '=', arm.id), eb('actualArmId', '=', arm.id)]))
      .executeTakeFirstOrThrow();
    const n = Number(used.n);
    if (n > 0) {
      throw refuse('PRECONDITION_FAILED', 'armInUse', { code: arm.code, count: n });
    }
    await tx.deleteFrom('trialArmElements').where('armId', '=', arm.id).execute();
    await tx.deleteFrom('trialArms').where('id', '=', arm.id).execute();
    return { id: arm.id, code: arm.code };
  });
}
