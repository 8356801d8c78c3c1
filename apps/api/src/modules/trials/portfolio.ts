// Portfolio figures of the CTMS Budget and Reports tabs, over the trials the user may see, in SQL.
import { sql, type Db } from '@ctp/db';
import { STUDY_PHASES, type StudyPhase } from '@ctp/contracts';
import { currentEnrollmentOf, inStudies } from '../studies/scope-sql.ts';
import { round1 } from './lookup.ts';

/** Average days in a month (365.25 / 12). */
const DAYS_PER_MONTH = 30.4375;

/**
 * Budget by phase, every phase listed (no amounts when none), per currency, largest first:
 *   total = sum of budget_total of the phase's trials in that currency; spent = sum of their budget
 *   lines' actual amounts (a budget line is in its trial's currency). Currencies are never added together.
 */
export async function budgetByPhase(db: Db, ids: number[] | null) {
  const { rows } = await sql<{ phase: StudyPhase; currency: string; total: number; spent: number }>`
    select s.phase, s.currency, coalesce(sum(s.budget_total), 0) as total, coalesce(sum(b.spent), 0) as spent
    from studies s
    left join (select study_id, sum(actual_amount) as spent from budget_lines
               where ${inStudies('study_id', ids)} group by study_id) b on b.study_id = s.id
    where ${inStudies('s.id', ids)}
    group by s.phase, s.currency
    order by total desc, s.currency`.execute(db);
  return STUDY_PHASES.map((phase) => ({
    phase,
    amounts: rows
      .filter((r) => r.phase === phase && (Number(r.total) > 0 || Number(r.spent) > 0))
      .map((r) => ({ currency: r.currency, total: Number(r.total), spent: Number(r.spent) })),
  }));
}

/**
 * The Reports tab's figures; each is null when its denominator is zero.
 *   enrollmentRate (%)          = sum of currentEnrollment / sum of targetEnrollment * 100
 *   siteActivation (%)          = active study sites / all study sites * 100
 *   budgetUtilisation (%)       = sum of budget lines' actual amounts / sum of budget_total * 100
 *   averageEnrollmentTimeMonths = average, over trials with a start date and at least one enrolled subject, of
 *                                 (end - startDate) / 30.4375, where end = today while the trial is still
 *                                 recruiting (status active or enrolling and currentEnrollment < target),
 *                                 otherwise the latest enrollment date
 *   siteActivationTimeWeeks     = average of (activated_on - assigned_on) / 7 over activated study sites
 *   costPerPatient              = sum of actual amounts / subjects enrolled or completed
 *   protocolDeviationRate (%)   = protocol deviations / subjects enrolled or completed * 100
 * currentEnrollment counts subjects enrolled or completed. Money is summed only within one currency:
 * `currency` is the visible trials' currency; when they use several it is null, and budgetUtilisation,
 * costPerPatient and the money in `basis` are null rather than a sum of different currencies.
 */
export async function portfolioReports(db: Db, ids: number[] | null) {
  const { rows } = await sql<{
    trials: number;
    targetEnrollment: number;
    enrolledSubjects: number;
    studySites: number;
    activeStudySites: number;
    activatedStudySites: number;
    activationWeeks: number | null;
    budgetTotal: number;
    spent: number;
    deviations: number;
    enrollmentMonths: number | null;
    trialsMeasured: number;
    currencies: number;
    currency: string | null;
  }>`
    with scoped as (
      select s.id, s.status, s.target_enrollment, s.budget_total, s.start_date, s.currency from studies s
      where ${inStudies('s.id', ids)}),
    subjects as (
      select s.id as study_id, ${currentEnrollmentOf('s.id')} as enrolled_now,
             (select max(p.enrollment_date) from patients p where p.study_id = s.id) as last_enrollment
      from scoped s),
    recruiting as (
      select ((case when s.status in ('active', 'enrolling') and coalesce(j.enrolled_now, 0) < s.target_enrollment
                    then current_date else j.last_enrollment end) - s.start_date) / ${DAYS_PER_MONTH}::numeric as months
      from scoped s join subjects j on j.study_id = s.id
      where j.last_enrollment is not null and s.start_date is not null),
    site_figures as (
      select count(*)::int as study_sites,
             count(*) filter (where ss.status = 'active')::int as active_study_sites,
             count(ss.activated_on)::int as activated_study_sites,
             avg((ss.activated_on - ss.assigned_on) / 7.0) filter (where ss.activated_on is not null) as activation_weeks
      from study_sites ss where ${inStudies('ss.study_id', ids)})
    select
      (select count(*)::int from scoped) as trials,
      (select coalesce(sum(target_enrollment), 0)::int from scoped) as target_enrollment,
      (select coalesce(sum(enrolled_now), 0)::int from subjects) as enrolled_subjects,
      f.study_sites, f.active_study_sites, f.activated_study_sites, f.activation_weeks,
      (select coalesce(sum(budget_total), 0) from scoped) as budget_total,
      (select coalesce(sum(b.actual_amount), 0) from budget_lines b where ${inStudies('b.study_id', ids)}) as spent,
      (select count(*)::int from protocol_deviations d where ${inStudies('d.study_id', ids)}) as deviations,
      (select avg(months) from recruiting) as enrollment_months,
      (select count(*)::int from recruiting) as trials_measured,
      (select count(distinct currency)::int from scoped) as currencies,
      (select min(currency) from scoped) as currency
    from site_figures f`.execute(db);
  const r = rows[0]!;
  const ratio = (num: number, den: number, factor = 100) => (den > 0 ? round1((num / den) * factor) : null);
  const oneCurrency = r.currencies <= 1;
  const spent = Number(r.spent);
  const budgetTotal = Number(r.budgetTotal);
  return {
    enrollmentRate: ratio(r.enrolledSubjects, r.targetEnrollment),
    siteActivation: ratio(r.activeStudySites, r.studySites),
    budgetUtilisation: oneCurrency ? ratio(spent, budgetTotal) : null,
    averageEnrollmentTimeMonths: r.enrollmentMonths === null ? null : round1(Number(r.enrollmentMonths)),
    siteActivationTimeWeeks: r.activationWeeks === null ? null : round1(Number(r.activationWeeks)),
    costPerPatient: oneCurrency && r.enrolledSubjects > 0 ? Math.round((spent / r.enrolledSubjects) * 100) / 100 : null,
    protocolDeviationRate: ratio(r.deviations, r.enrolledSubjects),
    currency: oneCurrency ? (r.currency ?? 'USD') : null,
    /** The counts each figure was computed from, so the screen can show its evidence. */
    basis: {
      trials: r.trials,
      targetEnrollment: r.targetEnrollment,
      enrolledSubjects: r.enrolledSubjects,
      studySites: r.studySites,
      activeStudySites: r.activeStudySites,
      activatedStudySites: r.activatedStudySites,
      budgetTotal: oneCurrency ? budgetTotal : null,
      spent: oneCurrency ? spent : null,
      deviations: r.deviations,
      trialsMeasuredForEnrollmentTime: r.trialsMeasured,
    },
  };
}
