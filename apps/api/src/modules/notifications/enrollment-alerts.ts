// Enrollment alerts, produced by the enrollment itself (in its transaction): the study's study managers
// hear when the study reaches its enrollment target, and when a site goes above its own target (the
// first subject over it). Enrolled = subjects enrolled or completed, as everywhere else.
import { sql, type Tx } from '@ctp/db';
import { notifyStudyRole } from './notify.ts';
import { keyedMessage } from '@ctp/contracts';

export async function notifyEnrollmentMilestones(tx: Tx, studyId: number, siteId: number, actor: number): Promise<void> {
  const { rows } = await sql<{ code: string; studyEnrolled: number; studyTarget: number; siteEnrolled: number; siteTarget: number | null; siteNumber: string }>`
    select st.code, st.target_enrollment as "studyTarget",
           (select count(*)::int from patients p where p.study_id = st.id and p.status in ('enrolled', 'completed')) as "studyEnrolled",
           (select count(*)::int from patients p where p.study_id = st.id and p.site_id = ${siteId} and p.status in ('enrolled', 'completed')) as "siteEnrolled",
           ss.enrollment_target as "siteTarget", si.site_number as "siteNumber"
      from studies st
      left join study_sites ss on ss.study_id = st.id and ss.site_id = ${siteId}
      left join sites si on si.id = ${siteId}
     where st.id = ${studyId}`.execute(tx);
  const r = rows[0];
  if (!r) return;
  const link = `/studies/${studyId}`;
  if (r.studyTarget > 0 && r.studyEnrolled === r.studyTarget) {
    await notifyStudyRole(tx, studyId, ['study-manager'], { kind: 'enrollment_alert', studyId, title: keyedMessage('targetReachedTitle', { study: r.code }), body: keyedMessage('targetReachedBody', { enrolled: r.studyEnrolled, target: r.studyTarget }), link }, actor);
  }
  if (r.siteTarget && r.siteEnrolled === r.siteTarget + 1) {
    await notifyStudyRole(
      tx,
      studyId,
      ['study-manager'],
      {
        kind: 'enrollment_alert',
        studyId,
        title: keyedMessage('siteOverTargetTitle', { siteNumber: r.siteNumber, study: r.code }),
        body: keyedMessage('siteOverTargetBody', { enrolled: r.siteEnrolled, target: r.siteTarget }),
        link: `/sites/${siteId}`,
      },
      actor,
    );
  }
}
