// Dispensing a kit to a subject: at randomization (inside randomization.randomize's transaction) and at a
// later visit (supply.dispense, site staff of the subject's site). The kit must be at the subject's site,
// available, of a kit type packaging the subject's arm, and must not expire before the end of the window
// of the subject's next visit plus the study's margin (no next visit: the later of today and the visit's
// own date, plus the margin). The kit row is locked (FOR UPDATE SKIP LOCKED) and its status moves from
// available to dispensed in the same transaction, so two dispensings never take the same kit; a subject
// visit gets at most one kit (unique index). A study without kit types does not manage its supply here:
// randomization then dispenses nothing.
import { TRPCError } from '@trpc/server';
import type { z } from 'zod';
import type { dispenseInput } from '@ctp/contracts';
import { sql, withActor, type Tx } from '@ctp/db';
import { assertActsForSite, canSeeStudySite } from '../../access.ts';
import type { ProcedureCtx } from '../../procedure-context.ts';
import { actorOf } from '../../trpc.ts';
import { marginDays } from './setup.ts';
import { checkResupply, expireKits } from './stock.ts';

interface Subject {
  id: number;
  studyId: number;
  siteId: number;
}

/** The last date a kit dispensed at `from` must outlast: the next visit's window end (else `from`) plus the margin. */
export async function mustOutlast(tx: Tx, patientId: number, studyId: number, from: string): Promise<string> {
  const margin = await marginDays(tx, studyId);
  const row = await sql<{ until: string }>`
    select to_char(coalesce(
      (select sv.scheduled_date + vd.window_days from subject_visits sv join visit_definitions vd on vd.id = sv.visit_definition_id
        where sv.patient_id = ${patientId} and sv.scheduled_date > ${from}::date order by sv.scheduled_date, vd.sort_order limit 1),
      ${from}::date) + ${margin}::int, 'YYYY-MM-DD') as until`.execute(tx);
  return row.rows[0]!.until;
}

async function takeKit(tx: Tx, s: Subject, armId: number, visitId: number | null, userId: number, until: string) {
  const kit = await tx
    .selectFrom('kits')
    .select(['id', 'kitNumber'])
    .where('studyId', '=', s.studyId)
    .where('siteId', '=', s.siteId)
    .where('status', '=', 'available')
    .where('kitTypeId', 'in', (eb) => eb.selectFrom('kitTypes').select('id').where('studyId', '=', s.studyId).where('armId', '=', armId))
    .where('expiryDate', '>', until)
    .orderBy('expiryDate')
    .orderBy('kitNumber')
    .limit(1)
    .forUpdate()
    .skipLocked()
    .executeTakeFirst();
  if (!kit) {
    throw new TRPCError({
      code: 'PRECONDITION_FAILED',
      message: `No kit available at the subject's site matches the subject's treatment and lasts beyond ${until} (the next visit window plus the margin): the study manager must ship kits to the site; nothing was allocated or dispensed`,
    });
  }
  await tx
    .updateTable('kits')
    .set({ status: 'dispensed', patientId: s.id, subjectVisitId: visitId, dispensedBy: userId, dispensedAt: sql<Date>`now()`, version: sql<number>`version + 1`, updatedAt: sql<Date>`now()` })
    .where('id', '=', kit.id)
    .where('status', '=', 'available')
    .execute();
  await checkResupply(tx, s.studyId, s.siteId);
  return kit.kitNumber;
}

/** At randomization, in its transaction: the kit numbers dispensed (none when the study keeps no supply here). */
export async function dispenseAtRandomization(tx: Tx, s: Subject, armId: number, userId: number): Promise<string[]> {
  const managed = await tx.selectFrom('kitTypes').select('id').where('studyId', '=', s.studyId).limit(1).executeTakeFirst();
  if (!managed) return [];
  await expireKits(tx, s.studyId);
  const today = (await sql<{ d: string }>`select to_char(current_date, 'YYYY-MM-DD') as d`.execute(tx)).rows[0]!.d;
  // The visit of the day: the latest one scheduled up to today, else the first one.
  const visit = await tx
    .selectFrom('subjectVisits')
    .select('id')
    .where('patientId', '=', s.id)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('kits').select('kits.id').whereRef('kits.subjectVisitId', '=', 'subjectVisits.id'))))
    .orderBy(sql`scheduled_date <= current_date`, 'desc')
    .orderBy(sql`case when scheduled_date <= current_date then scheduled_date end`, sql`desc nulls last`)
    .orderBy('scheduledDate')
    .limit(1)
    .executeTakeFirst();
  const until = await mustOutlast(tx, s.id, s.studyId, today);
  return [await takeKit(tx, s, armId, visit?.id ?? null, userId, until)];
}

/** supply.dispense: the next kit for a subject's visit. */
export async function dispenseForVisit(ctx: ProcedureCtx, input: z.infer<typeof dispenseInput>) {
  return withActor(ctx.db, actorOf(ctx, input.reason), async (tx) => {
    const p = await tx
      .selectFrom('patients')
      .select(['id', 'subjectCode', 'studyId', 'siteId', 'status', 'archivedAt', 'actualArmId'])
      .where('id', '=', input.patientId)
      .forUpdate()
      .executeTakeFirst();
    if (!p || !canSeeStudySite(ctx.scope, p.studyId, p.siteId)) throw new TRPCError({ code: 'NOT_FOUND', message: 'Subject not found' });
    assertActsForSite(ctx.scope, p.studyId, p.siteId);
    if (p.archivedAt || p.status !== 'enrolled') throw new TRPCError({ code: 'PRECONDITION_FAILED', message: `Kits are dispensed only to enrolled subjects (${p.subjectCode} is ${p.archivedAt ? 'archived' : p.status})` });
    if (p.actualArmId === null) throw new TRPCError({ code: 'PRECONDITION_FAILED', message: `${p.subjectCode} is not randomized yet: randomize first (its first kit is dispensed then)` });
    const visit = await tx
      .selectFrom('subjectVisits as sv')
      .innerJoin('visitDefinitions as vd', 'vd.id', 'sv.visitDefinitionId')
      .select(['sv.id', 'vd.code', sql<string>`to_char(greatest(sv.scheduled_date, current_date), 'YYYY-MM-DD')`.as('from')])
      .where('sv.id', '=', input.subjectVisitId)
      .where('sv.patientId', '=', p.id)
      .executeTakeFirst();
    if (!visit) throw new TRPCError({ code: 'NOT_FOUND', message: 'Visit not found for this subject' });
    const given = await tx.selectFrom('kits').select('kitNumber').where('subjectVisitId', '=', visit.id).executeTakeFirst();
    if (given) throw new TRPCError({ code: 'CONFLICT', message: `Kit ${given.kitNumber} was already dispensed at visit ${visit.code}` });
    const managed = await tx.selectFrom('kitTypes').select('id').where('studyId', '=', p.studyId).limit(1).executeTakeFirst();
    if (!managed) throw new TRPCError({ code: 'PRECONDITION_FAILED', message: 'This study keeps no kits in the platform' });
    await expireKits(tx, p.studyId);
    const until = await mustOutlast(tx, p.id, p.studyId, visit.from);
    const kitNumber = await takeKit(tx, p, p.actualArmId, visit.id, ctx.user.id, until);
    return { patientId: p.id, subjectVisitId: visit.id, visitCode: visit.code, kits: [kitNumber] };
  }).catch((err: unknown) => {
    if ((err as { code?: string }).code === '23505') throw new TRPCError({ code: 'CONFLICT', message: 'A kit was already dispensed at this visit' });
    throw err;
  });
}
