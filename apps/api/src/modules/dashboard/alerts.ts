// Recent alerts from real conditions in the user's studies (later modules add more sources):
//   warning  a study enrolling below 80% of its plan (the three furthest behind)
//   info     sites assigned to a study and still pending activation
//   success  studies at or above plan
import type { Db } from '@ctp/db';
import type { Alert } from '@ctp/contracts';
import { enrollmentAgainstPlan, pendingActivations, BEHIND_PLAN_RATIO } from './enrollment-plan.ts';

export type CodedAlert = Alert & { code: string; params: Record<string, string | number> };

export async function recentAlerts(db: Db, studyIds: number[] | null): Promise<CodedAlert[]> {
  const plan = await enrollmentAgainstPlan(db, studyIds);
  const alerts: CodedAlert[] = [];
  const behind = plan
    .filter((r) => r.expected > 0 && r.actual < BEHIND_PLAN_RATIO * r.expected)
    .sort((a, b) => a.actual / a.expected - b.actual / b.expected)
    .slice(0, 3);
  for (const r of behind) {
    const params = { study: r.code, actual: r.actual, expected: Math.round(r.expected), target: r.target };
    alerts.push({
      type: 'warning',
      code: 'enrollmentBehind',
      params,
      message: `${r.code} enrollment behind plan`,
      details: `${r.actual} enrolled, ${params.expected} expected by today (target ${r.target})`,
    });
  }
  const pending = await pendingActivations(db, studyIds);
  if (pending.longest) {
    const longest = pending.longest;
    const params = {
      count: pending.count,
      site: longest.siteNumber,
      study: longest.studyCode,
      days: longest.waitingDays,
    };
    alerts.push({
      type: 'info',
      code: 'sitesPending',
      params,
      message: `${pending.count} study site activation${pending.count === 1 ? '' : 's'} pending`,
      details: `Longest waiting: ${longest.siteNumber} in ${longest.studyCode}, ${longest.waitingDays} days`,
    });
  }
  const onTrack = plan.filter((r) => r.expected > 0 && r.actual >= r.expected).length;
  if (onTrack) {
    alerts.push({
      type: 'success',
      code: 'studiesOnTrack',
      params: { count: onTrack, measured: plan.length },
      message: `${onTrack} stud${onTrack === 1 ? 'y' : 'ies'} on or ahead of enrollment plan`,
      details: `${onTrack} of ${plan.length} enrolling studies measured against plan`,
    });
  }
  return alerts;
}
