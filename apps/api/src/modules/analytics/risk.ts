// analytics.risk: risk-based monitoring for one study. Each key risk indicator (kpi.ts) per site, every
// site compared with the study's sites (those active, inactive or suspended: a site still pending
// activation has no data yet), a ranked list of the sites to look at with the reasons, and each site's
// performance score. The indicators:
//   queryRate         queries raised (not cancelled) per submitted form                      poisson, higher
//   queryAnswerDays   mean days from raising a query to its answer (open ones: to now)        mean, higher
//   aeRate            adverse events recorded per enrolled subject                            poisson, either way
//                     (many: a safety signal; few: possible under-reporting)
//   missingForms      visits whose window closed without being done / visits whose window closed  binomial, higher
//   outOfWindow       visits done outside their window / visits done                         binomial, higher
//   screenFailure     subjects withdrawn before enrollment / subjects whose screening ended   binomial, higher
//   enrollmentVsPlan  enrolled subjects / expected by the study's plan today (site target × the plan's
//                     elapsed share, as the dashboard's enrollment plan)                      poisson, lower
// The figures are signals for people to look at, not verdicts: each says how far the site lies from the
// study's sites and in which direction; what to do about it is the monitor's decision.
import { KRI_LIMITS, type KriCode, type KriResult } from '@ctp/contracts';
import type { Db } from '@ctp/db';
import { assertStudyVisible, canSeeStudySite, type StudyScope } from '../../access.ts';
import { enrollmentAgainstPlan } from '../dashboard/enrollment-plan.ts';
import { siteRows, studyRow, type SiteRow } from './data.ts';
import { evaluateKri, performanceScore, riskScore, type KriDefinition, type KriSiteData } from './kpi.ts';
import { refuse } from '../../refusal.ts';

export const KRI_DEFINITIONS: (KriDefinition & { data: (s: SiteRow, expected: number | null) => KriSiteData })[] = [
  { code: 'queryRate', statistic: 'poisson', adverse: 'higher', data: (s) => ({ numerator: s.queries, denominator: s.forms }) },
  {
    code: 'queryAnswerDays',
    statistic: 'mean',
    adverse: 'higher',
    data: (s) => ({ numerator: s.answerDays, denominator: s.timedQueries, sumOfSquares: s.answerDaysSq }),
  },
  { code: 'aeRate', statistic: 'poisson', adverse: 'both', data: (s) => ({ numerator: s.adverseEvents, denominator: s.enrolled }) },
  { code: 'missingForms', statistic: 'binomial', adverse: 'higher', data: (s) => ({ numerator: s.missingVisits, denominator: s.closedVisits }) },
  { code: 'outOfWindow', statistic: 'binomial', adverse: 'higher', data: (s) => ({ numerator: s.outOfWindow, denominator: s.doneVisits }) },
  { code: 'screenFailure', statistic: 'binomial', adverse: 'higher', data: (s) => ({ numerator: s.screenFailures, denominator: s.screeningEnded }) },
  {
    code: 'enrollmentVsPlan',
    statistic: 'poisson',
    adverse: 'lower',
    data: (s, expected) => ({ numerator: s.enrolled, denominator: expected ?? 0 }),
  },
];

/** How far an indicator lies beyond its 95 % limit in the adverse direction (for ordering the reasons). */
const adverseDistance = (k: KriResult) =>
  k.z === null ? -Infinity : k.adverse === 'higher' ? k.z : k.adverse === 'lower' ? -k.z : Math.abs(k.z);

export async function studyRisk(db: Db, scope: StudyScope, studyId: number) {
  assertStudyVisible(scope, studyId);
  const study = await studyRow(db, studyId);
  if (!study) throw refuse('NOT_FOUND', 'studyNotFound');
  const [all, plan] = await Promise.all([siteRows(db, studyId), enrollmentAgainstPlan(db, [studyId])]);
  // The plan's elapsed share today (expected / target of the dashboard's plan); null when the study is not measured.
  const planRow = plan[0];
  const planShare = planRow && planRow.target > 0 ? planRow.expected / planRow.target : null;
  const sites = all.filter((s) => s.status !== 'pending');
  const expectedOf = (s: SiteRow) => (planShare === null ? null : Math.round(s.target * planShare * 10) / 10);
  const evaluations = KRI_DEFINITIONS.map((d) => ({ definition: d, result: evaluateKri(d, sites.map((s) => d.data(s, expectedOf(s)))) }));

  const rows = sites.map((s, i) => {
    const kris = evaluations.map((e) => e.result.sites[i]!);
    const expected = expectedOf(s);
    const performance = {
      visits: s.dueVisits > 0 ? round(s.dueCompleted / s.dueVisits, 3) : null,
      queries: s.queriesDue > 0 ? round(s.answeredOnTime / s.queriesDue, 3) : null,
      enrollment: expected !== null && expected > 0 ? round(Math.min(1, s.enrolled / expected), 3) : null,
    };
    return {
      siteId: s.siteId,
      siteNumber: s.siteNumber,
      siteName: s.siteName,
      status: s.status,
      subjects: s.subjects,
      enrolled: s.enrolled,
      expectedByPlan: expected,
      kris: kris.map((k) => ({ ...k, value: k.value === null ? null : round(k.value, 4), reference: k.reference === null ? null : round(k.reference, 4) })),
      riskScore: riskScore(kris),
      performance: { ...performance, score: performanceScore(performance) },
    };
  });
  // Site staff see their own sites' figures; the comparison itself is always with all the study's sites.
  const visible = rows.filter((r) => canSeeStudySite(scope, studyId, r.siteId));
  const ranked = visible
    .filter((r) => r.kris.some((k) => k.level === 'warning' || k.level === 'alert'))
    .sort((a, b) => b.riskScore - a.riskScore || a.siteNumber.localeCompare(b.siteNumber))
    .map((r) => ({
      siteId: r.siteId,
      siteNumber: r.siteNumber,
      siteName: r.siteName,
      riskScore: r.riskScore,
      reasons: r.kris.filter((k) => k.level === 'warning' || k.level === 'alert').sort((a, b) => adverseDistance(b) - adverseDistance(a)),
    }));
  return {
    study: { id: study.id, code: study.code, title: study.title, status: study.status },
    today: study.today,
    limits: { warning: KRI_LIMITS.warning, alert: KRI_LIMITS.alert },
    /** Per indicator: the study's figure over its sites and the overdispersion factor applied. */
    indicators: evaluations.map((e) => ({
      code: e.definition.code as KriCode,
      statistic: e.definition.statistic,
      adverse: e.definition.adverse,
      reference: e.result.reference === null ? null : round(e.result.reference, 4),
      phi: round(e.result.phi, 2),
    })),
    sitesCompared: sites.length,
    pendingSites: all.length - sites.length,
    planShare: planShare === null ? null : round(planShare, 3),
    sites: visible,
    ranked,
  };
}

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;
