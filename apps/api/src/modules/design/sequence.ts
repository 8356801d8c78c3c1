// design.setArmSequence: an arm's whole element sequence, replaced in one transaction (TAETORD is the
// position in the list, 1..n). Every element must be one of the arm's study; the arm's version is bumped,
// so two managers editing the same arm's sequence cannot overwrite each other unseen.
import { sql, withActor, type Actor, type Db } from '@ctp/db';
import type { ArmSequenceInput } from '@ctp/contracts';
import type { StudyScope } from '../../access.ts';
import { lockDesignRow } from './scope.ts';
import { refuseField } from '../../refusal.ts';

export async function setArmSequence(db: Db, actor: Actor, scope: StudyScope, input: ArmSequenceInput) {
  return withActor(db, actor, async (tx) => {
    const arm = await lockDesignRow(tx, scope, 'trialArms', input.armId, input.version);
    const ids = [...new Set(input.steps.map((s) => s.elementId))];
    if (ids.length) {
      const own = await tx.selectFrom('trialElements').select('id').where('studyId', '=', arm.studyId).where('id', 'in', ids).execute();
      const known = new Set(own.map((e) => e.id));
      const k = input.steps.findIndex((s) => !known.has(s.elementId));
      if (k >= 0) throw refuseField(`steps.${k}.elementId`, 'sequenceStep', { step: k + 1 });
    }
    await tx.deleteFrom('trialArmElements').where('armId', '=', arm.id).execute();
    if (input.steps.length) {
      await tx
        .insertInto('trialArmElements')
        .values(
          input.steps.map((s, k) => ({
            studyId: arm.studyId,
            armId: arm.id,
            position: k + 1,
            elementId: s.elementId,
            epoch: s.epoch,
            branch: s.branch,
            transitionRule: s.transition,
          })),
        )
        .execute();
    }
    const updated = await tx
      .updateTable('trialArms')
      .set({ version: sql<number>`version + 1`, updatedAt: sql<Date>`now()` })
      .where('id', '=', arm.id)
      .returning(['id', 'code', 'version'])
      .executeTakeFirstOrThrow();
    return { ...updated, steps: input.steps.length };
  });
}
