// Performance insights of one site, computed from its own data (pure rules over measured figures;
// the figures come from siteMetrics below). Each insight says what it measured:
//   enrollment      per active study: current / target; >= 80% success, >= 50% info, else warning
//   activation      per study still pending at the site: days since it was assigned (info)
//   screen failures subjects withdrawn before enrolment / subjects screened; above 20% warning
//   withdrawals     subjects withdrawn after enrolment / subjects ever enrolled; above 15% warning
//   visits          visits completed / visits due (scheduled on or before today); below 90% warning
//   deviations      protocol deviations recorded at the site; any major or critical one is a warning
import { sql, type Db } from '@ctp/db';
import { ENROLLMENT_HIGH, ENROLLMENT_MEDIUM, type SiteInsight, type SiteStudy } from '@ctp/contracts';
import { daysBetween, type Fragment } from '../../sql-helpers.ts';

export const SCREEN_FAILURE_LIMIT = 0.2;
export const WITHDRAWAL_LIMIT = 0.15;
export const VISIT_COMPLETION_MIN = 0.9;

export interface SiteMetrics {
  screened: number;
  everEnrolled: number;
  screenFailures: number;
  withdrawals: number;
  visitsDue: number;
  visitsCompleted: number;
  visitsMissed: number;
  deviations: number;
  seriousDeviations: number;
}

/** One statement measuring the site's subjects, visits and deviations in the studies that count. */
export async function siteMetrics(
  db: Db,
  siteId: number,
  studyCounts: (column: string) => Fragment<boolean>,
  today: string,
): Promise<SiteMetrics> {
  const { rows } = await sql<SiteMetrics>`
    select subj.*, vis.*, dev.*
    from (
      select count(*)::int as screened,
             count(*) filter (where p.enrollment_date is not null)::int as ever_enrolled,
             count(*) filter (where p.status = 'withdrawn' and p.enrollment_date is null)::int as screen_failures,
             count(*) filter (where p.status = 'withdrawn' and p.enrollment_date is not null)::int as withdrawals
      from patients p where p.site_id = ${siteId} and ${studyCounts('p.study_id')}
    ) subj,
    (
      select count(*)::int as visits_due,
             count(*) filter (where sv.status = 'completed')::int as visits_completed,
             count(*) filter (where sv.status = 'missed')::int as visits_missed
      from patients p join subject_visits sv on sv.patient_id = p.id
      where p.site_id = ${siteId} and ${studyCounts('p.study_id')} and sv.scheduled_date <= ${today}::date
    ) vis,
    (
      select count(*)::int as deviations,
             count(*) filter (where d.severity in ('major', 'critical'))::int as serious_deviations
      from protocol_deviations d where d.site_id = ${siteId} and ${studyCounts('d.study_id')}
    ) dev`.execute(db);
  return rows[0]!;
}

const pct = (part: number, whole: number) => Math.round((part / whole) * 1000) / 10;

export function siteInsights(metrics: SiteMetrics, studies: SiteStudy[], today: string): SiteInsight[] {
  const out: SiteInsight[] = [];
  for (const s of studies) {
    if (s.studySiteStatus === 'active' && s.enrollmentTarget > 0) {
      const ratio = s.currentEnrollment / s.enrollmentTarget;
      const rate = pct(s.currentEnrollment, s.enrollmentTarget);
      const params = { study: s.studyCode, current: s.currentEnrollment, target: s.enrollmentTarget, rate };
      const detail = `${s.currentEnrollment} of ${s.enrollmentTarget} subjects enrolled (${rate}%)`;
      if (ratio >= ENROLLMENT_HIGH)
        out.push({
          severity: 'success',
          code: 'enrollmentOnTarget',
          params,
          message: `${s.studyCode}: ${detail}`,
        });
      else if (ratio >= ENROLLMENT_MEDIUM)
        out.push({
          severity: 'info',
          code: 'enrollmentProgress',
          params,
          message: `${s.studyCode}: ${detail}`,
        });
      else
        out.push({
          severity: 'warning',
          code: 'enrollmentBelowTarget',
          params,
          message: `${s.studyCode}: only ${detail}`,
        });
    } else if (s.studySiteStatus === 'pending') {
      const days = Math.max(0, daysBetween(s.assignedOn, today));
      out.push({
        severity: 'info',
        code: 'activationPending',
        params: { study: s.studyCode, days },
        message: `${s.studyCode}: site assigned ${days} days ago, not yet activated`,
      });
    }
  }
  if (metrics.screened > 0) {
    const rate = pct(metrics.screenFailures, metrics.screened);
    const params = { failures: metrics.screenFailures, screened: metrics.screened, rate };
    const high = metrics.screenFailures / metrics.screened > SCREEN_FAILURE_LIMIT;
    out.push({
      severity: high ? 'warning' : 'success',
      code: high ? 'screenFailureHigh' : 'screenFailureNormal',
      params,
      message: `Screen failure rate ${rate}% (${metrics.screenFailures} of ${metrics.screened} screened)`,
    });
  }
  if (metrics.everEnrolled > 0) {
    const rate = pct(metrics.withdrawals, metrics.everEnrolled);
    const params = { withdrawals: metrics.withdrawals, enrolled: metrics.everEnrolled, rate };
    const high = metrics.withdrawals / metrics.everEnrolled > WITHDRAWAL_LIMIT;
    out.push({
      severity: high ? 'warning' : 'success',
      code: high ? 'withdrawalHigh' : 'withdrawalNormal',
      params,
      message: `Withdrawal rate ${rate}% (${metrics.withdrawals} of ${metrics.everEnrolled} enrolled)`,
    });
  }
  if (metrics.visitsDue > 0) {
    const rate = pct(metrics.visitsCompleted, metrics.visitsDue);
    const params = {
      completed: metrics.visitsCompleted,
      due: metrics.visitsDue,
      missed: metrics.visitsMissed,
      rate,
    };
    const low = metrics.visitsCompleted / metrics.visitsDue < VISIT_COMPLETION_MIN;
    out.push({
      severity: low ? 'warning' : 'success',
      code: low ? 'visitCompletionLow' : 'visitCompletionGood',
      params,
      message: `${rate}% of due visits completed (${metrics.visitsCompleted} of ${metrics.visitsDue}, ${metrics.visitsMissed} missed)`,
    });
  }
  if (metrics.deviations > 0) {
    const params = { count: metrics.deviations, serious: metrics.seriousDeviations };
    out.push({
      severity: metrics.seriousDeviations > 0 ? 'warning' : 'info',
      code: 'protocolDeviations',
      params,
      message: `${metrics.deviations} protocol deviation${metrics.deviations === 1 ? '' : 's'} recorded (${metrics.seriousDeviations} major or critical)`,
    });
  } else if (metrics.screened > 0) {
    out.push({
      severity: 'success',
      code: 'noDeviations',
      params: {},
      message: 'No protocol deviations recorded',
    });
  }
  if (out.length === 0) {
    out.push({
      severity: 'info',
      code: 'noData',
      params: {},
      message: 'No active studies or subjects at this site yet',
    });
  }
  // Warnings first, then information, then good news (sort is stable: the order within a group is kept).
  const rank = { warning: 0, info: 1, success: 2 } as const;
  return out.sort((a, b) => rank[a.severity] - rank[b.severity]);
}
