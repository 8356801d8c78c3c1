// trials.summary: the five CTMS summary cards over the trials (studies) the user may see.
//   activeTrials  = trials with status active or enrolling
//   totalSites    = distinct sites assigned to those trials (study_sites)
//   totalPatients = subjects enrolled or completed in those trials (the spec's currentEnrollment, summed)
//   budgets       = sum of the trials' budget_total per currency, largest first (the web shows each in
//                   millions, one decimal); amounts in different currencies are never added together
//   avgEnrollment = average over trials with a target of currentEnrollment / targetEnrollment * 100
// One statement; subjects are summed from study_patient_counts (per study and status; migration 0009).
import { sql, type Db } from '@ctp/db';
import { inStudies, isCurrentEnrollment } from '../studies/scope-sql.ts';
import { round1 } from './lookup.ts';

export async function trialSummary(db: Db, ids: number[] | null) {
  const { rows } = await sql<{
    trials: number;
    activeTrials: number;
    totalSites: number;
    totalPatients: number;
    budgets: { currency: string; amount: number }[];
    avgEnrollment: number | null;
  }>`
    with scoped as (select s.id, s.status, s.target_enrollment, s.budget_total, s.currency from studies s where ${inStudies('s.id', ids)}),
    enrolled as (select p.study_id, sum(p.n)::int as n from study_patient_counts p
                 where ${inStudies('p.study_id', ids)} and ${isCurrentEnrollment('p.status')} group by p.study_id)
    select
      (select count(*)::int from scoped) as trials,
      (select count(*)::int from scoped where status in ('active', 'enrolling')) as active_trials,
      (select count(distinct ss.site_id)::int from study_sites ss where ${inStudies('ss.study_id', ids)}) as total_sites,
      (select coalesce(sum(n), 0)::int from enrolled) as total_patients,
      (select coalesce(json_agg(json_build_object('currency', b.currency, 'amount', b.amount) order by b.amount desc, b.currency), '[]')
         from (select currency, sum(budget_total) as amount from scoped where budget_total is not null group by currency) b) as budgets,
      (select avg(coalesce(e.n, 0)::numeric / s.target_enrollment * 100)
         from scoped s left join enrolled e on e.study_id = s.id where s.target_enrollment > 0) as avg_enrollment`.execute(db);
  const r = rows[0]!;
  return {
    trials: r.trials,
    activeTrials: r.activeTrials,
    totalSites: r.totalSites,
    totalPatients: r.totalPatients,
    budgets: r.budgets.map((b) => ({ currency: b.currency, amount: Number(b.amount) })),
    avgEnrollment: r.avgEnrollment === null ? 0 : round1(Number(r.avgEnrollment)),
  };
}
