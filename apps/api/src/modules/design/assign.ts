// design.subjectArm and design.assignArm: a subject's planned (randomised) and actual arm. Scope as for
// a status change: the subject's study, and for site staff their own site (others: NOT_FOUND). Only an
// enrolled subject (with an enrolment date) is given an arm; a screen failure stays unassigned (DM
// ARMNRS says why). An arm of another study is refused; the change is audited with its reason. In a
// blinded study only administrators and study managers see or assign arms (blinding.ts): the others read
// no arm (armsHidden) and are refused the assignment (FORBIDDEN).
import { TRPCError } from '@trpc/server';
import { sql, withActor, type Actor, type Db } from '@ctp/db';
import type { SubjectArmInput } from '@ctp/contracts';
import { canSeeStudySite, type StudyScope } from '../../access.ts';
import type { SessionUser } from '../auth/session.ts';
import { ARMS_BLINDED, armsVisible } from './blinding.ts';
import { staleVersion } from '../../sql-helpers.ts';
import { refuse, refuseField } from '../../refusal.ts';

const PATIENT_NOT_FOUND = 'Patient not found';

export async function subjectArm(db: Db, user: SessionUser, scope: StudyScope, patientId: number) {
  const p = await db
    .selectFrom('patients as p')
    .leftJoin('trialArms as pa', 'pa.id', 'p.plannedArmId')
    .leftJoin('trialArms as aa', 'aa.id', 'p.actualArmId')
    .select([
      'p.id', 'p.subjectCode as patientId', 'p.studyId', 'p.siteId', 'p.status', 'p.enrollmentDate', 'p.version',
      'pa.id as plannedId', 'pa.code as plannedCode', 'pa.name as plannedName',
      'aa.id as actualId', 'aa.code as actualCode', 'aa.name as actualName',
    ])
    .where('p.id', '=', patientId)
    .executeTakeFirst();
  if (!p || !canSeeStudySite(scope, p.studyId, p.siteId)) throw new TRPCError({ code: 'NOT_FOUND', message: PATIENT_NOT_FOUND });
  // Unblinded in an emergency (randomization/unblind.ts): said on the card to every reader, never the arm.
  const unblinded = !!(await db.selectFrom('unblindingEvents').select('id').where('patientId', '=', p.id).limit(1).executeTakeFirst());
  if (!(await armsVisible(db, user, scope, p.studyId))) {
    return {
      id: p.id, patientId: p.patientId, studyId: p.studyId, status: p.status, enrollmentDate: p.enrollmentDate, version: p.version,
      armsHidden: true as const, plannedArm: null, actualArm: null, arms: [], unblinded,
    };
  }
  const arms = await db.selectFrom('trialArms').select(['id', 'code', 'name']).where('studyId', '=', p.studyId).orderBy('sortOrder').orderBy('code').execute();
  return {
    id: p.id,
    patientId: p.patientId,
    studyId: p.studyId,
    status: p.status,
    enrollmentDate: p.enrollmentDate,
    version: p.version,
    armsHidden: false as const,
    plannedArm: p.plannedId ? { id: p.plannedId, code: p.plannedCode!, name: p.plannedName! } : null,
    actualArm: p.actualId ? { id: p.actualId, code: p.actualCode!, name: p.actualName! } : null,
    arms,
    unblinded,
  };
}

export async function assignArm(db: Db, actor: Actor, user: SessionUser, scope: StudyScope, input: SubjectArmInput) {
  return withActor(db, actor, async (tx) => {
    const p = await tx
      .selectFrom('patients')
      .select(['id', 'subjectCode', 'studyId', 'siteId', 'status', 'enrollmentDate', 'version'])
      .where('id', '=', input.patientId)
      .forUpdate()
      .executeTakeFirst();
    if (!p || !canSeeStudySite(scope, p.studyId, p.siteId)) throw new TRPCError({ code: 'NOT_FOUND', message: PATIENT_NOT_FOUND });
    if (!(await armsVisible(tx, user, scope, p.studyId))) throw new TRPCError({ code: 'FORBIDDEN', message: ARMS_BLINDED });
    if (p.version !== input.version) throw staleVersion();
    if (input.plannedArmId !== null && !p.enrollmentDate) {
      throw refuse('PRECONDITION_FAILED', p.status === 'withdrawn' ? 'screenFailureNoArm' : 'enrolBeforeArm');
    }
    const wanted = [input.plannedArmId, input.actualArmId].filter((x): x is number => x !== null);
    if (wanted.length) {
      const own = new Set(
        (await tx.selectFrom('trialArms').select('id').where('studyId', '=', p.studyId).where('id', 'in', wanted).execute()).map((a) => a.id),
      );
      if (input.plannedArmId !== null && !own.has(input.plannedArmId)) throw refuseField('plannedArmId', 'chooseSubjectArm');
      if (input.actualArmId !== null && !own.has(input.actualArmId)) throw refuseField('actualArmId', 'chooseSubjectArm');
    }
    return tx
      .updateTable('patients')
      .set({ plannedArmId: input.plannedArmId, actualArmId: input.actualArmId, version: sql<number>`version + 1`, updatedAt: sql<Date>`now()` })
      .where('id', '=', p.id)
      .returning(['id', 'subjectCode as patientId', 'plannedArmId', 'actualArmId', 'version'])
      .executeTakeFirstOrThrow();
  });
}
