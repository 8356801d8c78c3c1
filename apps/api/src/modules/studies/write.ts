// studies.create and studies.update. Every write runs inside withActor, so the audit trigger
// records who, why and what; only `tx` is used inside the transaction.
import { TRPCError } from '@trpc/server';
import { withActor, type Actor, type Db, type Tx } from '@ctp/db';
import { seesAllStudies, type StudyCreateInput, type StudyUpdateInput } from '@ctp/contracts';
import type { SessionUser } from '../auth/session.ts';
import { type StudyScope, assertInScope } from '../../access.ts';
import { studySummaryQuery, toStudySummary } from './summary-query.ts';
import { assertUpdated, definedOnly, isCheckViolation, isUniqueViolation } from '../../sql-helpers.ts';
import { refuse } from '../../refusal.ts';

const DATES_MESSAGE = 'End dates must not be before the start date';

async function summaryWithVersion(tx: Tx, id: number) {
  const row = await studySummaryQuery(tx, null).select(['s.version', 's.updatedAt']).where('s.id', '=', id).executeTakeFirstOrThrow();
  return toStudySummary(row);
}

/** Creates the study; the creator (unless an admin, who sees every study) becomes a member with their role. */
export async function createStudy(db: Db, actor: Actor, user: SessionUser, input: StudyCreateInput) {
  const { studyId: code, ...fields } = input;
  try {
    return await withActor(db, actor, async (tx) => {
      const { id } = await tx
        .insertInto('studies')
        .values({ ...definedOnly(fields), code } as typeof fields & { code: string })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (!seesAllStudies(user.role)) {
        await tx.insertInto('studyMemberships').values({ userId: user.id, studyId: id, role: user.role, siteId: null }).execute();
      }
      return summaryWithVersion(tx, id);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw refuse('CONFLICT', 'studyCodeTaken', { code });
    if (isCheckViolation(err)) throw new TRPCError({ code: 'BAD_REQUEST', message: DATES_MESSAGE });
    throw err;
  }
}

/**
 * Optimistic-locked update: UPDATE ... WHERE id = ? AND version = ?, version + 1. Dates are checked
 * in order against the stored values for the fields the change leaves alone.
 */
export async function updateStudy(db: Db, actor: Actor, scope: StudyScope, input: StudyUpdateInput) {
  const changes = definedOnly(input.changes);
  if (!Object.keys(changes).length) throw refuse('BAD_REQUEST', 'noChanges');
  assertInScope(scope, input.id, 'Study not found');
  try {
    return await withActor(db, actor, async (tx) => {
      const stored = await tx
        .selectFrom('studies')
        .select(['startDate', 'plannedEndDate', 'actualEndDate', 'version'])
        .where('id', '=', input.id)
        .executeTakeFirst();
      if (!stored) throw refuse('NOT_FOUND', 'studyNotFound');
      if (stored.version !== input.version) assertUpdated(undefined);
      const start = changes.startDate !== undefined ? changes.startDate : stored.startDate;
      for (const key of ['plannedEndDate', 'actualEndDate'] as const) {
        const end = changes[key] !== undefined ? changes[key] : stored[key];
        if (start && end && end < start) {
          throw refuse('BAD_REQUEST', key === 'plannedEndDate' ? 'plannedEndBeforeStart' : 'actualEndBeforeStart', { end, start });
        }
      }
      assertUpdated(
        await tx
          .updateTable('studies')
          .set((eb) => ({ ...changes, version: eb('version', '+', 1), updatedAt: new Date() }))
          .where('id', '=', input.id)
          .where('version', '=', input.version)
          .returning('id')
          .executeTakeFirst(),
      );
      return summaryWithVersion(tx, input.id);
    });
  } catch (err) {
    if (isCheckViolation(err)) throw new TRPCError({ code: 'BAD_REQUEST', message: DATES_MESSAGE });
    throw err;
  }
}
