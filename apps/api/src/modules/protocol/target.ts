// The study a protocol proposal is applied to, and whether it is live: a study past planning, or one
// with subjects, already collects data against its schedule, so adding visits and forms to it is a
// change to a running study that needs the user's explicit confirmation and reason (createFromProposal).
import { sql, type Db, type Tx } from '@ctp/db';
import type { ProtocolTarget } from '@ctp/contracts';
import { assertStudyVisible } from '../../access.ts';
import type { ProcedureCtx } from '../../procedure-context.ts';
import { refuse } from '../../refusal.ts';

export async function readTarget(db: Db | Tx, studyId: number): Promise<ProtocolTarget> {
  const row = await db
    .selectFrom('studies as s')
    .select(['s.id as studyId', 's.code', 's.title as name', 's.status'])
    .select(sql<number>`(select coalesce(sum(c.n), 0)::int from study_patient_counts c where c.study_id = s.id)`.as('subjects'))
    .where('s.id', '=', studyId)
    .executeTakeFirst();
  if (!row) throw refuse('NOT_FOUND', 'studyNotFound');
  const subjects = Number(row.subjects);
  return { ...row, subjects, live: row.status !== 'planning' || subjects > 0 };
}

/** protocol.target: what the review dialog says about the chosen study before anything is written. */
export async function protocolTarget(ctx: ProcedureCtx, studyId: number): Promise<ProtocolTarget> {
  assertStudyVisible(ctx.scope, studyId);
  return readTarget(ctx.db, studyId);
}
