// patients.updateStatus: only the transitions in PATIENT_TRANSITIONS (contracts), optimistic-locked.
//   -> enrolled   enrollment_date = effectiveDate (not before screening); the study's remaining visits
//                 are scheduled at enrollment date + day_offset
//   -> completed  completion_date = effectiveDate (not before enrolment)
//   -> withdrawn  withdrawal_date = effectiveDate (not before screening or enrolment)
// Visits a subject who left will not attend stay on record; the list shows no next visit for them.
// The effective date is never in the future.
import { TRPCError } from '@trpc/server';
import { sql, withActor } from '@ctp/db';
import { canTransitionPatient, keyedMessage, type PatientStatusInput } from '@ctp/contracts';
import { actorOf } from '../../trpc.ts';
import type { ProcedureCtx } from '../../procedure-context.ts';
import { staleVersion, todayIso } from '../../sql-helpers.ts';
import { scopeCondition } from './filters.ts';
import { scheduleVisits } from './schedule.ts';
import { notifySiteStaff } from '../notifications/notify.ts';
import { notifyEnrollmentMilestones } from '../notifications/enrollment-alerts.ts';
import { refuse } from '../../refusal.ts';

const bad = (message: string) => new TRPCError({ code: 'BAD_REQUEST', message });

export async function updatePatientStatus(ctx: ProcedureCtx, input: PatientStatusInput, now = new Date()) {
  const today = todayIso(now);
  if (input.effectiveDate > today) throw bad('The effective date cannot be in the future');
  const visible = scopeCondition(ctx.scope) ?? sql<boolean>`true`;
  return withActor(ctx.db, actorOf(ctx, input.reason), async (tx) => {
    // Subjects outside the user's studies, or at another site for site staff, do not exist for them.
    const { rows } = await sql<{
      id: number;
      studyId: number;
      status: string;
      version: number;
      screeningDate: string;
      enrollmentDate: string | null;
    }>`
      select p.id, p.study_id, p.status, p.version, p.screening_date, p.enrollment_date
      from patients p where p.id = ${input.id} and ${visible} for update`.execute(tx);
    const current = rows[0];
    if (!current) throw refuse('NOT_FOUND', 'patientNotFound');
    if (current.version !== input.version) throw staleVersion();
    const from = current.status as PatientStatusInput['status'];
    if (!canTransitionPatient(from, input.status)) {
      throw refuse('PRECONDITION_FAILED', 'subjectTransition', { fromStatus: from, toStatus: input.status });
    }
    const date = input.effectiveDate;
    if (date < current.screeningDate) throw bad('The effective date cannot be before the screening date');
    if (current.enrollmentDate && date < current.enrollmentDate)
      throw bad('The effective date cannot be before the enrollment date');

    const dates =
      input.status === 'enrolled'
        ? { enrollmentDate: date }
        : input.status === 'completed'
          ? { completionDate: date }
          : { withdrawalDate: date };
    const updated = await tx
      .updateTable('patients')
      .set({ ...dates, status: input.status, version: sql<number>`version + 1`, updatedAt: sql<Date>`now()` })
      .where('id', '=', input.id)
      .where('version', '=', input.version)
      .returning([
        'id',
        'subjectCode as patientId',
        'studyId',
        'siteId',
        'status',
        'enrollmentDate',
        'completionDate',
        'withdrawalDate',
        'version',
      ])
      .executeTakeFirst();
    if (!updated) throw staleVersion();

    if (input.status === 'completed') {
      // The investigators of the subject's site sign the completed casebook.
      await notifySiteStaff(tx, current.studyId, updated.siteId, {
        kind: 'casebook_to_sign',
        studyId: current.studyId,
        title: keyedMessage('casebookToSignTitle', { subject: updated.patientId }),
        body: keyedMessage('casebookToSignBody'),
        link: `/casebook/${input.id}`,
      }, undefined, ['investigator']);
    }
    if (input.status === 'enrolled') {
      await scheduleVisits(tx, {
        patientId: input.id,
        studyId: current.studyId,
        anchor: date,
        today,
        codes: null,
      });
      await notifyEnrollmentMilestones(tx, current.studyId, updated.siteId, ctx.user.id);
    }
    return updated;
  });
}
