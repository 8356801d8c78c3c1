// patients.enroll: a pseudonymous subject enters screening at a site activated for the study.
// Race safety: the study_sites row is locked FOR UPDATE before the next sequence number is read
// (max + 1), so two simultaneous enrolments at one site get consecutive codes, never the same one.
import { TRPCError } from '@trpc/server';
import { sql, withActor } from '@ctp/db';
import type { EnrolledPatient, PatientEnrollInput } from '@ctp/contracts';
import { assertActsForSite } from '../../access.ts';
import { actorOf } from '../../trpc.ts';
import type { ProcedureCtx } from '../../procedure-context.ts';
import { isUniqueViolation, todayIso } from '../../sql-helpers.ts';
import { scheduleVisits, subjectCode } from './schedule.ts';
import { refuse, refuseField } from '../../refusal.ts';

export const SITE_NOT_ACTIVE = 'Subjects can be enrolled only at a site activated for this study';
/** A study recruits while it is active or enrolling (not planning, completed, suspended or on hold). */
const RECRUITING = ['active', 'enrolling'];

export async function enrollPatient(
  ctx: ProcedureCtx,
  input: PatientEnrollInput,
  now = new Date(),
): Promise<EnrolledPatient> {
  const today = todayIso(now);
  if (input.screeningDate > today) throw refuseField('screeningDate', 'screeningDateFuture');
  if (input.yearOfBirth > Number(input.screeningDate.slice(0, 4))) {
    throw refuseField('yearOfBirth', 'birthYearAfterScreening');
  }
  assertActsForSite(ctx.scope, input.studyId, input.siteId);
  try {
    return await withActor(ctx.db, actorOf(ctx, input.reason), async (tx) => {
      const assignment = await tx
        .selectFrom('studySites')
        .select(['id', 'status'])
        .where('studyId', '=', input.studyId)
        .where('siteId', '=', input.siteId)
        .forUpdate()
        .executeTakeFirst();
      if (!assignment || assignment.status !== 'active')
        throw new TRPCError({ code: 'PRECONDITION_FAILED', message: SITE_NOT_ACTIVE });

      // Site position = rank of its assignment among the study's assignments (the seed's order);
      // sequence = highest number used at this site in this study + 1.
      const { rows } = await sql<{ code: string; status: string; position: number; lastSequence: number }>`
        select st.code, st.status,
               (select count(*) from study_sites x where x.study_id = st.id and x.id <= ${assignment.id})::int as position,
               (select coalesce(max(substring(p.subject_code from '(\\d+)$')::int), 0) from patients p
                 where p.study_id = st.id and p.site_id = ${input.siteId})::int as last_sequence
        from studies st where st.id = ${input.studyId}`.execute(tx);
      const { code, status, position, lastSequence } = rows[0]!;
      if (!RECRUITING.includes(status)) {
        throw refuse('PRECONDITION_FAILED', 'studyNotEnrolling');
      }

      const patient = await tx
        .insertInto('patients')
        .values({
          subjectCode: subjectCode(code, position, lastSequence + 1),
          studyId: input.studyId,
          siteId: input.siteId,
          status: 'screening',
          yearOfBirth: input.yearOfBirth,
          sex: input.sex,
          ethnicity: input.ethnicity || null,
          screeningDate: input.screeningDate,
        })
        .returning(['id', 'subjectCode as patientId', 'studyId', 'siteId', 'status', 'version'])
        .executeTakeFirstOrThrow();
      await scheduleVisits(tx, {
        patientId: patient.id,
        studyId: input.studyId,
        anchor: input.screeningDate,
        today,
        codes: ['SEL'],
      });
      return patient;
    });
  } catch (err) {
    if (isUniqueViolation(err))
      throw refuse('CONFLICT', 'enrolledMeanwhile');
    throw err;
  }
}
