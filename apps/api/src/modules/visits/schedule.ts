// A study's visit schedule: visit definitions (code, name, order, day offset from D0, window before
// and after) and the forms due at each. Form builders change it; a visit added later is scheduled at
// once for the study's subjects who are already enrolled (from their enrolment date).
import { sql, withActor, type Tx } from '@ctp/db';
import type { z } from 'zod';
import type { visitCreateInput, visitDueFormsInput, visitUpdateInput } from '@ctp/contracts';
import { assertStudyVisible, assertInScope } from '../../access.ts';
import { actorOf } from '../../trpc.ts';
import type { ProcedureCtx } from '../../procedure-context.ts';
import { isUniqueViolation, staleVersion, todayIso } from '../../sql-helpers.ts';
import { refuse } from '../../refusal.ts';

export async function visitSchedule(ctx: ProcedureCtx, studyId: number) {
  assertStudyVisible(ctx.scope, studyId);
  const visits = await ctx.db
    .selectFrom('visitDefinitions as vd')
    .select((eb) => [
      'vd.id',
      'vd.code',
      'vd.name',
      'vd.dayOffset',
      'vd.windowBefore',
      'vd.windowDays as windowAfter',
      'vd.sortOrder',
      'vd.version',
      eb.fn.coalesce(sql<number[]>`(select array_agg(vf.form_id order by vf.form_id) from visit_forms vf where vf.visit_definition_id = vd.id)`, sql<number[]>`'{}'::int[]`).as('formIds'),
    ])
    .where('vd.studyId', '=', studyId)
    .orderBy('vd.sortOrder')
    .execute();
  const forms = await ctx.db.selectFrom('forms').select(['id', 'name', 'status']).where('studyId', '=', studyId).where('status', '<>', 'archived').orderBy('name').execute();
  return { visits, forms };
}

async function visibleDefinition(ctx: ProcedureCtx, id: number) {
  const row = await ctx.db.selectFrom('visitDefinitions').select(['id', 'studyId', 'version']).where('id', '=', id).executeTakeFirst();
  if (!row) throw refuse('NOT_FOUND', 'visitNotFound');
  assertInScope(ctx.scope, row.studyId, 'Visit not found');
  return row;
}

export interface NewVisit {
  studyId: number;
  code: string;
  name: string;
  dayOffset: number;
  windowBefore: number;
  windowAfter: number;
}

/**
 * Adds a visit at the end of the study's schedule inside the caller's transaction; the study's enrolled
 * subjects get it at once, from their enrolment date, with its status by the visit-status rule.
 */
export async function insertVisit(tx: Tx, input: NewVisit) {
  const order = await tx.selectFrom('visitDefinitions').select((eb) => eb.fn.coalesce(eb.fn.max('sortOrder'), eb.lit(-1)).as('n')).where('studyId', '=', input.studyId).executeTakeFirstOrThrow();
  const row = await tx
    .insertInto('visitDefinitions')
    .values({ studyId: input.studyId, code: input.code, name: input.name, dayOffset: input.dayOffset, windowBefore: input.windowBefore, windowDays: input.windowAfter, sortOrder: Number(order.n) + 1 })
    .returning(['id', 'version'])
    .executeTakeFirstOrThrow();
  const today = todayIso();
  const scheduled = await sql`
    insert into subject_visits (patient_id, visit_definition_id, status, scheduled_date)
    select p.id, ${row.id}, case when d.d + ${input.windowAfter}::int < ${today}::date then 'missed'
                                 when d.d - ${input.windowBefore}::int <= ${today}::date then 'pending' else 'scheduled' end, d.d
      from patients p cross join lateral (select p.enrollment_date + ${input.dayOffset}::int as d) d
     where p.study_id = ${input.studyId} and p.status = 'enrolled' and p.enrollment_date is not null`.execute(tx);
  return { ...row, scheduledSubjects: Number(scheduled.numAffectedRows ?? 0) };
}

export async function createVisit(ctx: ProcedureCtx, input: z.infer<typeof visitCreateInput>) {
  assertStudyVisible(ctx.scope, input.studyId);
  try {
    return await withActor(ctx.db, actorOf(ctx, input.reason), (tx) => insertVisit(tx, input));
  } catch (err) {
    if (isUniqueViolation(err)) throw refuse('CONFLICT', 'visitCodeTaken', { code: input.code });
    throw err;
  }
}

export async function updateVisit(ctx: ProcedureCtx, input: z.infer<typeof visitUpdateInput>) {
  const def = await visibleDefinition(ctx, input.id);
  if (def.version !== input.version) throw staleVersion();
  const c = input.changes;
  return withActor(ctx.db, actorOf(ctx, input.reason), (tx) =>
    tx
      .updateTable('visitDefinitions')
      .set({
        ...(c.name !== undefined && { name: c.name }),
        ...(c.dayOffset !== undefined && { dayOffset: c.dayOffset }),
        ...(c.windowBefore !== undefined && { windowBefore: c.windowBefore }),
        ...(c.windowAfter !== undefined && { windowDays: c.windowAfter }),
        updatedAt: sql`now()`,
        version: sql`version + 1`,
      })
      .where('id', '=', input.id)
      .where('version', '=', input.version)
      .returning(['id', 'version'])
      .executeTakeFirstOrThrow(),
  );
}

export async function setDueForms(ctx: ProcedureCtx, input: z.infer<typeof visitDueFormsInput>) {
  const def = await visibleDefinition(ctx, input.visitDefinitionId);
  const formIds = [...new Set(input.formIds)];
  if (formIds.length) {
    const own = await ctx.db.selectFrom('forms').select('id').where('studyId', '=', def.studyId).where('id', 'in', formIds).execute();
    if (own.length !== formIds.length) throw refuse('BAD_REQUEST', 'chooseStudyForms');
  }
  return withActor(ctx.db, actorOf(ctx, input.reason), async (tx) => {
    await tx.deleteFrom('visitForms').where('visitDefinitionId', '=', def.id).$if(formIds.length > 0, (q) => q.where('formId', 'not in', formIds)).execute();
    if (formIds.length) {
      await tx
        .insertInto('visitForms')
        .values(formIds.map((formId) => ({ visitDefinitionId: def.id, formId })))
        .onConflict((oc) => oc.columns(['visitDefinitionId', 'formId']).doNothing())
        .execute();
    }
    return { visitDefinitionId: def.id, formIds };
  });
}
