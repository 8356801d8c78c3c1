// Recent alerts from real conditions in the user's studies (later modules add more sources):
//   warning  a study enrolling below 80% of its plan (the three furthest behind)
//   info     sites assigned to a study and still pending activation
//   warning  trial master file documents expiring within 30 days (or already expired)
//   success  studies at or above plan
import { sql, type Db } from '@ctp/db';
import { DOCUMENT_EXPIRY_WARNING_DAYS } from '@ctp/contracts';
import { inStudies } from '../studies/scope-sql.ts';
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
      message: `${pending.count} study-site activation${pending.count === 1 ? '' : 's'} pending (a site counts once per study it waits for)`,
      details: `Longest waiting: site ${longest.siteNumber}'s activation for ${longest.studyCode}, ${longest.waitingDays} days (the site may be active in other studies)`,
    });
  }
  const docs = await expiringDocuments(db, studyIds);
  if (docs.expiring + docs.expired > 0) {
    const params = { count: docs.expiring, expired: docs.expired, days: DOCUMENT_EXPIRY_WARNING_DAYS, first: docs.first ?? '—' };
    alerts.push({
      type: 'warning',
      code: 'documentsExpiring',
      params,
      message: `${docs.expiring} document${docs.expiring === 1 ? '' : 's'} expiring within ${DOCUMENT_EXPIRY_WARNING_DAYS} days`,
      details: `${docs.expired} already expired. Next to expire: ${params.first}`,
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

/** Documents whose current version expires within the warning window, those already expired, and the next to expire. */
async function expiringDocuments(db: Db, studyIds: number[] | null) {
  const { rows } = await sql<{ expiring: number; expired: number; first: string | null }>`
    select count(*) filter (where d.status in ('draft', 'current', 'approved') and v.expiry_date between current_date and current_date + ${DOCUMENT_EXPIRY_WARNING_DAYS}::int)::int as expiring,
           count(*) filter (where d.status = 'expired')::int as expired,
           (array_agg(d.code || ' (' || v.expiry_date || ')' order by v.expiry_date) filter (where d.status in ('draft', 'current', 'approved') and v.expiry_date >= current_date))[1] as first
      from documents d join document_versions v on v.id = d.current_version_id
     where ${inStudies('d.study_id', studyIds)}`.execute(db);
  return rows[0] ?? { expiring: 0, expired: 0, first: null };
}
