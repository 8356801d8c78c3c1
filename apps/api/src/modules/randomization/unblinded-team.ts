// The study's unblinded team (study_memberships.unblinded, migration 0048): who sees arms, lists and
// allocations in a blinded study. randomization.team lists the study's open memberships with the flag
// (study managers and administrators); randomization.setUnblinded grants or takes it back
// (administrators only), with a reason, audited through the memberships' audit trigger.
import { TRPCError } from '@trpc/server';
import { sql, withActor, type Actor, type Db } from '@ctp/db';
import type { SetUnblindedInput } from '@ctp/contracts';
import { assertStudyVisible, type StudyScope } from '../../access.ts';

export async function unblindedTeam(db: Db, scope: StudyScope, studyId: number) {
  assertStudyVisible(scope, studyId);
  const rows = await db
    .selectFrom('studyMemberships as m')
    .innerJoin('users as u', 'u.id', 'm.userId')
    .select(['m.userId', 'u.fullName', 'u.email', 'm.role', (eb) => eb.fn.max(sql<number>`m.unblinded::int`).as('unblinded')])
    .where('m.studyId', '=', studyId)
    .where('m.endedAt', 'is', null)
    .groupBy(['m.userId', 'u.fullName', 'u.email', 'm.role'])
    .orderBy('u.fullName')
    .execute();
  return rows.map((r) => ({ userId: r.userId, fullName: r.fullName, email: r.email, role: r.role, unblinded: Number(r.unblinded) === 1 }));
}

export async function setUnblinded(db: Db, actor: Actor, scope: StudyScope, input: SetUnblindedInput) {
  assertStudyVisible(scope, input.studyId);
  return withActor(db, actor, async (tx) => {
    const updated = await tx
      .updateTable('studyMemberships')
      .set({ unblinded: input.unblinded, version: sql<number>`version + 1`, updatedAt: sql<Date>`now()` })
      .where('studyId', '=', input.studyId)
      .where('userId', '=', input.userId)
      .where('endedAt', 'is', null)
      .returning('id')
      .execute();
    if (!updated.length) throw new TRPCError({ code: 'NOT_FOUND', message: 'This person is not a member of the study' });
    return { userId: input.userId, unblinded: input.unblinded };
  });
}
