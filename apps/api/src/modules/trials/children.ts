// Milestones and budget lines of a trial: create and optimistic-locked update, each inside withActor
// with the caller's reason, so every change lands in the audit trail.
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { withActor, type Actor, type Db, type Tx } from '@ctp/db';
import { budgetLineCreateInput, budgetLineUpdateInput, milestoneCreateInput, milestoneUpdateInput } from '@ctp/contracts';
import { canSeeStudy, type StudyScope } from '../../access.ts';
import { assertUpdated, definedOnly } from '../../sql-helpers.ts';
import { TRIAL_NOT_FOUND } from './lookup.ts';
import { refuse } from '../../refusal.ts';

async function assertTrialExists(tx: Tx, scope: StudyScope, studyId: number) {
  const found = canSeeStudy(scope, studyId) && (await tx.selectFrom('studies').select('id').where('id', '=', studyId).executeTakeFirst());
  if (!found) throw new TRPCError({ code: 'NOT_FOUND', message: TRIAL_NOT_FOUND });
}

/** The study a child row belongs to, or NOT_FOUND when the row is absent or its study is not visible. */
async function owningStudy(tx: Tx, scope: StudyScope, table: 'milestones' | 'budgetLines', id: number, what: string) {
  const row = await tx.selectFrom(table).select(['studyId', 'version']).where('id', '=', id).executeTakeFirst();
  if (!row || !canSeeStudy(scope, row.studyId)) throw new TRPCError({ code: 'NOT_FOUND', message: `${what} not found` });
  return row;
}

function requireChanges<T extends Record<string, unknown>>(changes: T): Partial<T> {
  const defined = definedOnly(changes);
  if (!Object.keys(defined).length) throw refuse('BAD_REQUEST', 'noChanges');
  return defined;
}

const milestoneColumns = ['id', 'studyId', 'name', 'targetDate as date', 'status', 'description', 'version'] as const;

export async function createMilestone(db: Db, actor: Actor, scope: StudyScope, input: z.infer<typeof milestoneCreateInput>) {
  return await withActor(db, actor, async (tx) => {
    await assertTrialExists(tx, scope, input.studyId);
    return tx
      .insertInto('milestones')
      .values({ studyId: input.studyId, name: input.name, targetDate: input.date, status: input.status, description: input.description ?? null })
      .returning(milestoneColumns)
      .executeTakeFirstOrThrow();
  });
}

export async function updateMilestone(db: Db, actor: Actor, scope: StudyScope, input: z.infer<typeof milestoneUpdateInput>) {
  const { date, ...rest } = requireChanges(input.changes);
  return await withActor(db, actor, async (tx) => {
    const current = await owningStudy(tx, scope, 'milestones', input.id, 'Milestone');
    if (current.version !== input.version) assertUpdated(undefined);
    return assertUpdated(
      await tx
        .updateTable('milestones')
        .set((eb) => ({ ...rest, ...(date !== undefined ? { targetDate: date } : {}), version: eb('version', '+', 1), updatedAt: new Date() }))
        .where('id', '=', input.id)
        .where('version', '=', input.version)
        .returning(milestoneColumns)
        .executeTakeFirst(),
    );
  });
}

const budgetLineColumns = ['id', 'studyId', 'category', 'description', 'plannedAmount', 'actualAmount', 'version'] as const;

export async function createBudgetLine(db: Db, actor: Actor, scope: StudyScope, input: z.infer<typeof budgetLineCreateInput>) {
  return await withActor(db, actor, async (tx) => {
    await assertTrialExists(tx, scope, input.studyId);
    return tx
      .insertInto('budgetLines')
      .values({
        studyId: input.studyId,
        category: input.category,
        description: input.description ?? null,
        plannedAmount: input.plannedAmount,
        actualAmount: input.actualAmount,
      })
      .returning(budgetLineColumns)
      .executeTakeFirstOrThrow();
  });
}

export async function updateBudgetLine(db: Db, actor: Actor, scope: StudyScope, input: z.infer<typeof budgetLineUpdateInput>) {
  const changes = requireChanges(input.changes);
  return await withActor(db, actor, async (tx) => {
    const current = await owningStudy(tx, scope, 'budgetLines', input.id, 'Budget line');
    if (current.version !== input.version) assertUpdated(undefined);
    return assertUpdated(
      await tx
        .updateTable('budgetLines')
        .set((eb) => ({ ...changes, version: eb('version', '+', 1), updatedAt: new Date() }))
        .where('id', '=', input.id)
        .where('version', '=', input.version)
        .returning(budgetLineColumns)
        .executeTakeFirst(),
    );
  });
}
